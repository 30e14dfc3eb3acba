import { agentContractKinds, type AgentContractKind } from '@platform/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedRecords } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { formatPeriod } from '@/lib/dates';
import { useIncome } from '../api/get-income';
import { KindFilter, ReportFilters, useReportDates } from '../components/report-filters';

const PAGE_SIZE = 20;

/**
 * My income (revenue report): every settled period of every contract, by period and kind, with the
 * figures that produced it. A contract page passes its kind and hides the kind filter.
 */
export function RevenueReportPage({ kind: fixedKind }: { kind?: AgentContractKind }) {
  const { t, i18n } = useTranslation('agent');
  const money = useMoneyFormat();
  const errorText = useErrorText('agent', 'errors.generic');
  const dates = useReportDates('last30');
  const { range, valid, pageNo, setPageNo } = dates;
  const [kind, setKind] = useState<AgentContractKind | ''>('');
  const income = useIncome(
    { from: range.from, to: range.to, kind: fixedKind ?? (kind || undefined), pageNo, pageSize: PAGE_SIZE },
    valid,
  );
  return (
    <div className="agent-page agent-page--wide">
      <ReportFilters dates={dates}>
        {fixedKind ? null : (
          <KindFilter
            label={t('income.kind')}
            allLabel={t('income.allKinds')}
            kinds={agentContractKinds}
            kindLabel={(value) => t(`kinds.${value}`)}
            value={kind}
            onChange={(value) => {
              setKind(value);
              setPageNo(1);
            }}
          />
        )}
      </ReportFilters>
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
                    <span>{formatPeriod(row.periodStart, row.periodEnd, i18n.language)}</span>
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
