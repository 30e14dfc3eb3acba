import { gameCategories, type BetRecord, type GameCategory } from '@platform/contract/client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, FilterField, PagedRecords, Tabs } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useBetRecords } from '../api/get-bet-records';
import { NetAmount, StatusChip } from '../components/money-text';
import { PlayLink } from '../components/play-link';
import { RangeProblem } from '../components/range-problem';
import { LotteryBetDialog } from '../components/lottery-bet-dialog';
import { LotteryBetLine } from '../components/lottery-bet-line';
import { RoundDetailDialog } from '../components/round-detail-dialog';
import { formatDateTime } from '@/lib/dates';
import { rangeProblem } from '../lib/dates';
import { quickPickRange, type QuickPick } from '@/lib/site-days';
import type { RecordsPageProps } from '../lib/types';
import { LotteryRecordView } from './lottery-record-view';
import '../components/records.css';

export const BET_RECORDS_PAGE_SIZE = 20;

/** Betting record (personalHistoryCopy): every round, filtered by days and category, paged; a round opens its detail. */
export function BetRecordPage(_props: RecordsPageProps) {
  const { t, i18n } = useTranslation('records');
  const money = useMoneyFormat();
  const errorText = useErrorText('records', 'errors.generic');
  const id = useId();
  const [range, setRange] = useState(() => quickPickRange('last7'));
  const [pick, setPick] = useState<QuickPick | null>('last7');
  const [category, setCategory] = useState<GameCategory | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const [opened, setOpened] = useState<BetRecord | null>(null);
  const [view, setView] = useState<'all' | 'lottery'>('all');
  const problem = rangeProblem(range);
  const records = useBetRecords(
    {
      from: range.from,
      to: range.to,
      ...(category ? { category } : {}),
      pageNo,
      pageSize: BET_RECORDS_PAGE_SIZE,
    },
    problem === null,
  );

  const views = (
    <Tabs
      label={t('views.label')}
      tabs={(['all', 'lottery'] as const).map((value) => ({ id: value, label: t(`views.${value}`) }))}
      activeId={view}
      onChange={(value) => setView(value === 'lottery' ? 'lottery' : 'all')}
    />
  );
  if (view === 'lottery')
    return (
      <div className="records-page">
        {views}
        <LotteryRecordView />
      </div>
    );

  return (
    <div className="records-page">
      {views}
      <DateRangeFilter
        range={range}
        pick={pick}
        onChange={(next, chosen) => {
          setRange(next);
          setPick(chosen);
          setPageNo(1);
        }}
      >
        <FilterField id={`${id}-category`} label={t('filters.category')}>
          <select
            id={`${id}-category`}
            className="date-range__input"
            value={category}
            onChange={(event) => {
              setCategory(event.target.value as GameCategory | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('filters.allCategories')}</option>
            {gameCategories.map((value) => (
              <option key={value} value={value}>
                {t(`categories.${value}`)}
              </option>
            ))}
          </select>
        </FilterField>
      </DateRangeFilter>
      {problem ? (
        <RangeProblem problem={problem} />
      ) : (
        <PagedRecords
          query={records}
          page={pageNo}
          onPageChange={setPageNo}
          loadingLabel={t('loading')}
          errorText={errorText}
          empty={{ title: t('empty.bets'), hint: t('empty.betsHint'), action: <PlayLink /> }}
        >
          {(list) => (
            <ul
              className="records-rounds"
              aria-label={t('bets.list')}
              aria-busy={records.isFetching || undefined}
            >
              {list.map((row) => (
                <li key={row.id}>
                  <button
                    type="button"
                    className="records-round"
                    onClick={() => setOpened(row)}
                    aria-haspopup="dialog"
                  >
                    <span className="records-round__head">
                      <span className="records-round__game">{row.gameName}</span>
                      <StatusChip status={row.status} />
                      {row.demo ? <span className="records-chip records-chip--demo">{t('demo')}</span> : null}
                    </span>
                    {row.lottery ? <LotteryBetLine bet={row.lottery} gameCode={row.gameCode} /> : null}
                    <span className="records-round__meta">
                      {row.lottery ? t('lottery.vendor') : row.vendorName}
                      {row.category ? ` · ${t(`categories.${row.category}`)}` : ''} ·{' '}
                      {formatDateTime(row.openedAt, i18n.language)}
                    </span>
                    <span className="records-round__money">
                      <span>
                        {t('columns.bet')} <strong>{money(row.bet)}</strong>
                      </span>
                      <span>
                        {t('columns.win')} <strong>{money(row.win)}</strong>
                      </span>
                      {row.refund !== '0.00' ? (
                        <span>
                          {t('columns.refund')} <strong>{money(row.refund)}</strong>
                        </span>
                      ) : null}
                      <span>
                        {t('columns.net')} <NetAmount amount={row.net} />
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </PagedRecords>
      )}
      <RoundDetailDialog round={opened?.lottery ? null : opened} onClose={() => setOpened(null)} />
      <LotteryBetDialog
        betId={opened?.lottery ? opened.id : null}
        title={opened?.gameName}
        onClose={() => setOpened(null)}
      />
    </div>
  );
}
