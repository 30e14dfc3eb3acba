import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, FilterField } from '@/components';
import { quickPickRange, type DayRange, type QuickPick } from '@/lib/site-days';

export interface ReportDates {
  range: DayRange;
  pick: QuickPick | null;
  /** both days typed and from not after to: only then is the report asked for */
  valid: boolean;
  pageNo: number;
  setPageNo(page: number): void;
  setDates(range: DayRange, pick: QuickPick | null): void;
}

/** The days and page of an agent report: a new range (or any other filter) starts again at page 1. */
export function useReportDates(initial: QuickPick): ReportDates {
  const [range, setRange] = useState<DayRange>(() => quickPickRange(initial));
  const [pick, setPick] = useState<QuickPick | null>(initial);
  const [pageNo, setPageNo] = useState(1);
  return {
    range,
    pick,
    valid: !!range.from && !!range.to && range.from <= range.to,
    pageNo,
    setPageNo,
    setDates: (next, chosen) => {
      setRange(next);
      setPick(chosen);
      setPageNo(1);
    },
  };
}

/**
 * The header of every dated agent report (team betting, profit and loss, my income, downline
 * transactions): the days with their quick picks, the report's own filters, and what is wrong with the days.
 */
export function ReportFilters({ dates, children }: { dates: ReportDates; children?: ReactNode }) {
  const { t } = useTranslation('agent');
  return (
    <>
      <DateRangeFilter range={dates.range} pick={dates.pick} onChange={dates.setDates}>
        {children}
      </DateRangeFilter>
      {dates.valid ? null : (
        <p className="agent-error" role="alert">
          {t('filters.rangeInvalid')}
        </p>
      )}
    </>
  );
}

/** A report's kind filter (transaction kind, contract kind): every kind, or one. */
export function KindFilter<Kind extends string>({
  label,
  allLabel,
  kinds,
  kindLabel,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  kinds: readonly Kind[];
  kindLabel(kind: Kind): string;
  value: Kind | '';
  onChange(value: Kind | ''): void;
}) {
  const id = useId();
  return (
    <FilterField id={id} label={label}>
      <select
        id={id}
        className="date-range__input"
        value={value}
        onChange={(event) => onChange(event.target.value as Kind | '')}
      >
        <option value="">{allLabel}</option>
        {kinds.map((kind) => (
          <option key={kind} value={kind}>
            {kindLabel(kind)}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** The username search of the team's lists (part of a name is enough; the server matches it anywhere). */
export function UsernameFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <FilterField id={id} label={label}>
      <input
        id={id}
        className="date-range__input"
        type="search"
        maxLength={40}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FilterField>
  );
}
