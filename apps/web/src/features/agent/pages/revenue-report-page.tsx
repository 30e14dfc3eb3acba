import { agentContractKinds, type AgentContractKind } from '@platform/contract/client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, FilterField, PagedRecords } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { quickPickRange, type DayRange, type QuickPick } from '@/lib/site-days';
import { useIncome } from '../api/get-income';

const PAGE_SIZE = 20;

/**
 * My income (revenue report): every settled period of every contract, by period and kind, with the
 * figures that produced it. A contract page passes its kind and hides the kind filter.
 */
export function RevenueReportPage({ kind: fixedKind }: { kind?: AgentContractKind }) {
  const { t, i18n } = useTranslation('agent');
  const money = useMoneyFormat();
  const errorText = useErrorText('agent', 'errors.generic');
  const id = useId();
  const [kind, setKind] = useState<AgentContractKind | ''>('');
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last30'));
  const [pick, setPick] = useState<QuickPick | null>('last30');
  const [pageNo, setPageNo] = useState(1);
  const valid = !!range.from && !!range.to && range.from <= range.to;
  const income = useIncome(
    { from: range.from, to: range.to, kind: fixedKind ?? (kind || undefined), pageNo, pageSize: PAGE_SIZE },
    valid,
  );
  const setDates = (next: DayRange, chosen: QuickPick | null) => {
    setRange(next);
    setPick(chosen);
    setPageNo(1);
  };
  return (
    <div className="agent-page agent-page--wide">
      <DateRangeFilter range={range} pick={pick} onChange={setDates}>
        {fixedKind ? null : (
          <FilterField id={`${id}-kind`} label={t('income.kind')}>
            <select
              id={`${id}-kind`}
              className="date-range__input"
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as AgentContractKind | '');
                setPageNo(1);
              }}
            >
              <option value="">{t('income.allKinds')}</option>
              {agentContractKinds.map((value) => (
                <option key={value} value={value}>
                  {t(`kinds.${value}`)}
                </option>
              ))}
            </select>
          </FilterField>
        )}
      </DateRangeFilter>
      {!valid ? (
        <p className="agent-error" role="alert">
          {t('filters.rangeInvalid')}
        </p>
      ) : null}
      {income.data && income.data.totals.length > 0 ? (
        <dl className="agent-stats" aria-label={t('income.totals')}>
          {income.data.totals.map((row) => (
            <div key={row.kind}>
              <dt>{t(`kinds.${row.kind}`)}</dt>
              <dd>{money(row.amount)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {valid ? (
        <PagedRecords
          query={income}
          page={pageNo}
          onPageChange={setPageNo}
          loadingLabel={t('centre.loading')}
          errorText={errorText}
          empty={{ title: t('income.empty'), hint: t('income.emptyHint') }}
        >
          {(list) => (
            <ul className="agent-income" aria-busy={income.isFetching || undefined}>
              {list.map((row) => (
                <li key={row.id} className="agent-card">
                  <div className="agent-income__head">
                    <strong>{t(`kinds.${row.kind}`)}</strong>
                    <span>
                      {new Date(row.periodStart).toLocaleString(i18n.language)} –{' '}
                      {new Date(row.periodEnd).toLocaleString(i18n.language)}
                    </span>
                    <strong className="agent-income__amount">{money(row.amount)}</strong>
                    <span className="agent-muted">
                      {t(`settlement.${row.status}`, { defaultValue: row.status })}
                    </span>
                  </div>
                  <details>
                    <summary>{t('income.figures')}</summary>
                    <dl className="agent-card__list">
                      {Object.entries(row.figures).map(([name, value]) => (
                        <div key={name} className="agent-card__pair">
                          <dt>{t(`figureNames.${name}`, { defaultValue: name })}</dt>
                          <dd>
                            {typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value)
                              ? money(value)
                              : name === 'rateBp' && typeof value === 'number'
                                ? `${(value / 100).toFixed(2)}%`
                                : String(value ?? '—')}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </PagedRecords>
      ) : null}
    </div>
  );
}
