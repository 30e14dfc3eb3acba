import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, Empty, ErrorState } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useProfit } from '../api/get-profit';
import { NetAmount } from '../components/money-text';
import { PlayLink } from '../components/play-link';
import { ProfitChart } from '../components/profit-chart';
import { RangeProblem } from '../components/range-problem';
import { formatDay } from '@/lib/dates';
import { rangeProblem } from '../lib/dates';
import { quickPickRange, type QuickPick } from '@/lib/site-days';
import type { RecordsPageProps } from '../lib/types';
import '../components/records.css';

/** Personal profit and loss (personalProfit): closed rounds' totals by day and by category, with a chart. */
export function ProfitPage(_props: RecordsPageProps) {
  const { t, i18n } = useTranslation('records');
  const money = useMoneyFormat();
  const errorText = useErrorText('records', 'errors.generic');
  const [range, setRange] = useState(() => quickPickRange('last7'));
  const [pick, setPick] = useState<QuickPick | null>('last7');
  const problem = rangeProblem(range);
  const report = useProfit(range, problem === null);

  let body;
  if (problem) body = <RangeProblem problem={problem} />;
  else if (report.isError)
    body = <ErrorState message={errorText(report.error)} onRetry={() => void report.refetch()} />;
  else if (!report.data)
    body = (
      <div className="records-skeleton" role="status" aria-label={t('loading')}>
        <span className="records-skeleton__block records-skeleton__block--tiles" />
        <span className="records-skeleton__block records-skeleton__block--chart" />
        <span className="records-skeleton__block" />
        <span className="records-skeleton__block" />
      </div>
    );
  else if (report.data.total.rounds === 0)
    body = <Empty title={t('empty.profit')} hint={t('empty.profitHint')} action={<PlayLink />} />;
  else {
    const data = report.data;
    body = (
      <div className="records-report" aria-busy={report.isFetching || undefined}>
        {data.demo ? <p className="records-note">{t('profit.demo')}</p> : null}
        <dl className="records-tiles">
          <div>
            <dt>{t('profit.rounds')}</dt>
            <dd>{data.total.rounds}</dd>
          </div>
          <div>
            <dt>{t('columns.bet')}</dt>
            <dd>{money(data.total.bet)}</dd>
          </div>
          <div>
            <dt>{t('columns.validBet')}</dt>
            <dd>{money(data.total.validBet)}</dd>
          </div>
          <div>
            <dt>{t('columns.win')}</dt>
            <dd>{money(data.total.win)}</dd>
          </div>
          <div>
            <dt>{t('columns.net')}</dt>
            <dd>
              <NetAmount amount={data.total.net} />
            </dd>
          </div>
        </dl>
        <h3 className="records-subtitle">{t('profit.byDay')}</h3>
        <ProfitChart report={data} />
        <TotalsTable
          label={t('profit.byDay')}
          firstColumn={t('profit.day')}
          rows={data.days.map((day) => ({ ...day, key: day.day, name: formatDay(day.day, i18n.language) }))}
        />
        <h3 className="records-subtitle">{t('profit.byCategory')}</h3>
        <TotalsTable
          label={t('profit.byCategory')}
          firstColumn={t('filters.category')}
          rows={data.categories.map((row) => ({
            ...row,
            key: row.category ?? 'other',
            name: row.category ? t(`categories.${row.category}`) : t('categories.other'),
          }))}
        />
        <p className="records-note">{t('profit.openNote')}</p>
      </div>
    );
  }

  return (
    <div className="records-page">
      <DateRangeFilter
        range={range}
        pick={pick}
        onChange={(next, chosen) => {
          setRange(next);
          setPick(chosen);
        }}
      />
      {body}
    </div>
  );
}

interface TotalsRow {
  key: string;
  /** the row's heading: a day, a category */
  name: string;
  bet: string;
  win: string;
  net: string;
}

/** Bet, win and net of each row (a day, a category), with its heading in the first column. */
function TotalsTable({
  label,
  firstColumn,
  rows,
}: {
  label: string;
  firstColumn: string;
  rows: TotalsRow[];
}) {
  const { t } = useTranslation('records');
  const money = useMoneyFormat();
  return (
    <div className="records-table-wrap">
      <table className="records-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            <th scope="col" className="records-num">
              {t('columns.bet')}
            </th>
            <th scope="col" className="records-num">
              {t('columns.win')}
            </th>
            <th scope="col" className="records-num">
              {t('columns.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td className="records-num">{money(row.bet)}</td>
              <td className="records-num">{money(row.win)}</td>
              <td className="records-num">
                <NetAmount amount={row.net} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
