import { useTranslation } from 'react-i18next';
import { useQueueCounts } from '../api/queue-counts';
import './queue-badge.css';

type Kind = 'deposits' | 'withdrawals';

/**
 * A menu entry's count: pending deposits, or pending withdrawals (and those held for review). It sits
 * beside the link, not in it, so the link keeps its plain name; a screen reader reads it after the link.
 */
function QueueBadge({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { data } = useQueueCounts();
  if (!data) return null;
  if (kind === 'deposits') {
    const count = data.pendingDeposits;
    // An empty queue shows no figure: the eye goes to the queues that have work.
    if (count === 0) return null;
    return (
      <span className="queue-badge" data-testid="badge-deposits">
        <span className="queue-badge__count" aria-hidden="true">
          {count}
        </span>
        <span className="visually-hidden">{t('queues.badge.deposits', { count })}</span>
      </span>
    );
  }
  const count = data.pendingWithdrawals;
  const held = data.heldWithdrawals;
  if (count === 0 && held === 0) return null;
  return (
    <span className="queue-badge" data-testid="badge-withdrawals">
      <span className="queue-badge__count" aria-hidden="true">
        {count}
      </span>
      {held > 0 ? (
        <span className="queue-badge__count queue-badge__count--held" aria-hidden="true">
          {t('queues.badge.heldShort', { count: held })}
        </span>
      ) : null}
      <span className="visually-hidden">
        {t('queues.badge.withdrawals', { count })}
        {held > 0 ? ` ${t('queues.badge.held', { count: held })}` : ''}
      </span>
    </span>
  );
}

export const DepositsBadge = () => <QueueBadge kind="deposits" />;
export const WithdrawalsBadge = () => <QueueBadge kind="withdrawals" />;
