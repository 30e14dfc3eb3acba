import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { quickPickRange, quickPicks, type DayRange, type QuickPick } from '@/lib/site-days';
import { Button } from './button';
import './date-range-filter.css';

export interface DateRangeFilterProps {
  range: DayRange;
  /** the quick pick the range came from, shown pressed; null once a day is typed */
  pick: QuickPick | null;
  onChange(range: DayRange, pick: QuickPick | null): void;
  /** more filters beside the days (a category, a transaction type), as FilterField */
  children?: ReactNode;
}

/** From and to days with SPEC section 9's quick picks (previous and next 7 and 30 days), in site days. */
export function DateRangeFilter({ range, pick, onChange, children }: DateRangeFilterProps) {
  const { t } = useTranslation('common');
  const id = useId();
  return (
    <>
      <div className="date-range">
        {children}
        <FilterField id={`${id}-from`} label={t('dateRange.from')} day>
          <input
            id={`${id}-from`}
            className="date-range__input"
            type="date"
            value={range.from}
            onChange={(event) => onChange({ ...range, from: event.target.value }, null)}
          />
        </FilterField>
        <FilterField id={`${id}-to`} label={t('dateRange.to')} day>
          <input
            id={`${id}-to`}
            className="date-range__input"
            type="date"
            value={range.to}
            onChange={(event) => onChange({ ...range, to: event.target.value }, null)}
          />
        </FilterField>
      </div>
      <div className="date-range__picks" role="group" aria-label={t('dateRange.quickPicks')}>
        {quickPicks.map((entry) => (
          <Button
            key={entry}
            size="sm"
            variant={pick === entry ? 'primary' : 'secondary'}
            aria-pressed={pick === entry}
            onClick={() => onChange(quickPickRange(entry), entry)}
          >
            {t(`dateRange.pick.${entry}`)}
          </Button>
        ))}
      </div>
    </>
  );
}

/**
 * One labelled filter of a list's filter row (a select or an input with className date-range__input);
 * `day` for a date input, which needs more room than a select before its date is cut.
 */
export function FilterField({
  id,
  label,
  day = false,
  children,
}: {
  id: string;
  label: string;
  day?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={day ? 'date-range__field date-range__field--day' : 'date-range__field'}>
      <label htmlFor={id} className="date-range__label">
        {label}
      </label>
      {children}
    </div>
  );
}
