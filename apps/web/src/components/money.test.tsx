import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Money } from './money';

describe('Money', () => {
  it('shows two decimals, thousands separators and the symbol', () => {
    render(<Money amount="1234567.5" symbol="$" />);
    expect(screen.getByText('$1,234,567.50')).toBeInTheDocument();
  });
});
