import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LineChart } from './line-chart';

describe('LineChart', () => {
  it('carries every figure as a table too, for screen readers and keyboards', async () => {
    render(
      <LineChart
        title="Deposits"
        labels={['2026-11-27', '2026-11-28']}
        series={[{ label: 'Deposits', values: [1200, null], colour: '#1d4ed8' }]}
        format={(value) => value.toFixed(2)}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Deposits' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Show the figures as a table'));
    const table = screen.getByRole('table', { name: 'Deposits' });
    expect(within(table).getByRole('rowheader', { name: '2026-11-27' })).toBeInTheDocument();
    expect(within(table).getByText('1200.00')).toBeInTheDocument();
  });
});
