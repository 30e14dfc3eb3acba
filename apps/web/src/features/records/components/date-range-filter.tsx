import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components';
import { quickPickRange, quickPicks, type DayRange, type QuickPick } from '../lib/dates';

export interface DateRangeFilterProps {
  range: DayRange;
  pick: QuickPick | null;
  onChange(range: DayRange, pick: QuickPick | null): void;
  /** more filters beside the dates (the betting record's category) */
  children?: ReactNode;
}

/** From and to days with the SPEC's quick picks (previous and next 7 and 30 days). */
export function DateRangeFilter({ range, pick, onChange, children }: DateRangeFilterProps) {
  const { t } = useTranslation('records');
  const id = useId();
  return (
    <>
      <div className="records-filters">
        {children}
        <div className="records-field">
          <label htmlFor={`${id}-from`} className="records-field__label">
            {t('filters.from')}
          </label>
          <input
            id={`${id}-from`}
            className="records-field__input"
            type="date"
            value={range.from}
            onChange={(event) => onChange({ ...range, from: event.target.value }, null)}
          />
        </div>
        <div className="records-field">
          <label htmlFor={`${id}-to`} className="records-field__label">
            {t('filters.to')}
          </label>
          <input
            id={`${id}-to`}
            className="records-field__input"
            type="date"
            value={range.to}
            onChange={(event) => onChange({ ...range, to: event.target.value }, null)}
          />
        </div>
      </div>
      <div className="records-chips" role="group" aria-label={t('filters.quickPicks')}>
        {quickPicks.map((entry) => (
          <Button
            key={entry}
            size="sm"
            variant={pick === entry ? 'primary' : 'secondary'}
            aria-pressed={pick === entry}
            onClick={() => onChange(quickPickRange(entry), entry)}
          >
            {t(`filters.pick.${entry}`)}
          </Button>
        ))}
      </div>
    </>
  );
}
