import { useId, type ReactNode } from 'react';
import { Tabs } from '@/components';

export interface LoyaltyTab {
  id: string;
  label: string;
  render(): ReactNode;
}

/** A row of tabs over panels; only the chosen panel is mounted (each reads its own call). */
export function LoyaltyTabs({
  label,
  tabs,
  active,
  onChange,
}: {
  label: string;
  tabs: LoyaltyTab[];
  active: string;
  onChange(id: string): void;
}) {
  const prefix = useId();
  const current = tabs.find((tab) => tab.id === active) ?? tabs[0];
  return (
    <>
      <Tabs
        idPrefix={prefix}
        label={label}
        tabs={tabs.map(({ id, label: text }) => ({ id, label: text }))}
        activeId={current?.id ?? ''}
        onChange={onChange}
        equalWidth
      />
      {current ? (
        <div role="tabpanel" aria-labelledby={`${prefix}-tab-${current.id}`} className="loyalty-panel">
          {current.render()}
        </div>
      ) : null}
    </>
  );
}
