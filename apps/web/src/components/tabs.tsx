import { useId, useRef, type KeyboardEvent } from 'react';
import './tabs.css';

export interface TabItem {
  id: string;
  label: string;
}

export interface TabsProps {
  tabs: TabItem[];
  activeId: string;
  onChange(id: string): void;
  /** each tab takes 100 / count % of the row (SPEC: slot tabs) */
  equalWidth?: boolean;
  /** names the tab list for screen readers */
  label?: string;
  /** id prefix so a panel can point back with aria-labelledby={tabDomId(idPrefix, tab.id)} */
  idPrefix?: string;
}

export const tabDomId = (prefix: string, id: string): string => `${prefix}-tab-${id}`;

/** A tab row with roving focus: arrows, Home and End move and select (automatic activation). */
export function Tabs({ tabs, activeId, onChange, equalWidth = false, label, idPrefix }: TabsProps) {
  const generated = useId();
  const prefix = idPrefix ?? generated;
  const listRef = useRef<HTMLDivElement>(null);
  const activeIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === activeId),
  );

  const select = (index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    onChange(tab.id);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[index]?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = tabs.length;
    if (count === 0) return;
    // In a right-to-left page the arrows swap meaning.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      select((activeIndex + step + count) % count);
    } else if (event.key === 'Home') {
      event.preventDefault();
      select(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      select(count - 1);
    }
  };

  const width = equalWidth && tabs.length > 0 ? `${100 / tabs.length}%` : undefined;

  return (
    <div
      ref={listRef}
      className={`ui-tabs${equalWidth ? ' ui-tabs--equal' : ''}`}
      role="tablist"
      aria-label={label}
      onKeyDown={handleKeyDown}
    >
      {tabs.map((tab, index) => {
        const selected = index === activeIndex;
        return (
          <button
            key={tab.id}
            id={tabDomId(prefix, tab.id)}
            type="button"
            role="tab"
            className="ui-tabs__tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            style={width ? { width, flex: `0 0 ${width}` } : undefined}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
