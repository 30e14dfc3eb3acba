import type { LotteryFollow } from '@platform/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PagedRecords } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { useCancelLotteryFollow, useLotteryFollow, useLotteryFollows } from '../api/get-lottery-follows';
import { useBetTypeName, useSelectionText } from '../lib/bet-type-name';
import { formatDateTime } from '@/lib/dates';
import { LotteryBetLine } from './lottery-bet-line';

export const LOTTERY_FOLLOWS_PAGE_SIZE = 10;

/**
 * The member's follow (chained) bets in the lottery record (ADR 062): each chain's progress, what it
 * cost, won and gave back, its bets on demand, and a cancel for a running one. Shown only to members
 * who have made one.
 */
export function LotteryFollowList({ gameCode, names }: { gameCode: string; names: Map<string, string> }) {
  const { t } = useTranslation('records');
  const errorText = useErrorText('records', 'errors.generic');
  const [pageNo, setPageNo] = useState(1);
  const follows = useLotteryFollows({
    ...(gameCode ? { gameCode } : {}),
    pageNo,
    pageSize: LOTTERY_FOLLOWS_PAGE_SIZE,
  });
  if (!follows.isError && (follows.data?.totalCount ?? 0) === 0) return null;
  return (
    <section className="records-follows" aria-labelledby="records-follows-title">
      <h2 id="records-follows-title" className="records-follows__title">
        {t('lottery.follow.title')}
      </h2>
      <PagedRecords
        query={follows}
        page={pageNo}
        onPageChange={setPageNo}
        loadingLabel={t('loading')}
        errorText={errorText}
        empty={{ title: t('lottery.empty') }}
      >
        {(list) => (
          <ul className="records-rounds" aria-label={t('lottery.follow.list')}>
            {list.map((follow) => (
              <FollowItem
                key={follow.followId}
                follow={follow}
                name={names.get(follow.gameCode) ?? follow.gameCode}
              />
            ))}
          </ul>
        )}
      </PagedRecords>
    </section>
  );
}

function FollowItem({ follow, name }: { follow: LotteryFollow; name: string }) {
  const { t, i18n } = useTranslation('records');
  const money = useMoneyFormat();
  const betTypeName = useBetTypeName();
  const selectionText = useSelectionText();
  const errorText = useErrorText('records', 'errors.generic');
  const [open, setOpen] = useState(false);
  const detail = useLotteryFollow(open ? follow.followId : null);
  const cancel = useCancelLotteryFollow();
  return (
    <li className="records-round records-follow" data-testid={`follow-${follow.followId}`}>
      <span className="records-round__head">
        <span className="records-round__game">{name}</span>
        <span className={`records-chip records-chip--${follow.status}`}>
          {t(`lottery.follow.status.${follow.status}`)}
        </span>
      </span>
      <span>
        {t('lottery.follow.progress', { placed: follow.placed, periods: follow.periods })} ·{' '}
        {t('lottery.follow.from', { period: follow.firstPeriodNo })}
        {follow.stopOnWin ? ` · ${t('lottery.follow.stopOnWin')}` : ''}
      </span>
      <span>
        {follow.bets
          .map(
            (bet) =>
              `${betTypeName(follow.gameCode, bet.betType)} ${selectionText(follow.gameCode, bet.selection)}`,
          )
          .join(' | ')}
      </span>
      <span className="records-round__money">
        <span>
          {t('lottery.follow.perDraw')} <strong>{money(follow.periodAmount)}</strong>
        </span>
        <span>
          {t('lottery.follow.paid')} <strong>{money(follow.totalAmount)}</strong>
        </span>
        <span>
          {t('lottery.follow.won')} <strong>{money(follow.won)}</strong>
        </span>
        <span>
          {t('lottery.follow.refunded')} <strong>{money(follow.refunded)}</strong>
        </span>
        <span>{formatDateTime(follow.createdAt, i18n.language)}</span>
      </span>
      {follow.status === 'stopped' && follow.endReason ? (
        <span>{t('lottery.follow.stoppedBecause', { reason: follow.endReason })}</span>
      ) : null}
      {cancel.isSuccess ? (
        <span role="status">
          {t('lottery.follow.cancelled', { amount: money(cancel.data.follow.refunded) })}
        </span>
      ) : null}
      {cancel.isError ? (
        <span role="alert" className="records-problem">
          {errorText(cancel.error)}
        </span>
      ) : null}
      <span className="records-follow__actions">
        <Button variant="secondary" onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
          {open ? t('lottery.follow.hide') : t('lottery.follow.show')}
        </Button>
        {follow.status === 'active' ? (
          <Button
            variant="secondary"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(follow.followId)}
          >
            {t('lottery.follow.cancel')}
          </Button>
        ) : null}
      </span>
      {open ? (
        detail.data ? (
          <ul className="records-follow__bets">
            {detail.data.bets.map((bet) => (
              <li key={bet.betId}>
                <LotteryBetLine bet={bet} gameCode={bet.gameCode} /> · {t('columns.win')} {money(bet.win)}
              </li>
            ))}
          </ul>
        ) : detail.isError ? (
          <span role="alert">{errorText(detail.error)}</span>
        ) : null
      ) : null}
    </li>
  );
}
