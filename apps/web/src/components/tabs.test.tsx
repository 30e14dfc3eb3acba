import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Harness({ equalWidth = false }: { equalWidth?: boolean }) {
  const [active, setActive] = useState('a');
  return (
    <Tabs
      label="Kinds"
      equalWidth={equalWidth}
      activeId={active}
      onChange={setActive}
      tabs={[
        { id: 'a', label: 'Alpha' },
        { id: 'b', label: 'Beta' },
        { id: 'c', label: 'Gamma' },
        { id: 'd', label: 'Delta' },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('moves selection and focus with the arrow keys, wrapping round', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Kinds' })).toBeInTheDocument();
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    expect(alpha).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveAttribute('tabindex', '-1');

    await user.click(alpha);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Delta' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(alpha).toHaveFocus();
  });

  it('gives each tab an equal share of the row', () => {
    render(<Harness equalWidth />);
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveStyle({ width: '25%' });
  });
});
