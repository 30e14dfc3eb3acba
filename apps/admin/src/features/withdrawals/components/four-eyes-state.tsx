import { useTranslation } from 'react-i18next';
import { formatTime, isStaffMember, staffName } from '@/features/queues';
import type { AdminWithdrawal } from '../api/withdrawals';

export type FourEyesState = 'held' | 'awaitingSecond' | 'awaitingSecondByMe' | 'open' | 'decided';

/**
 * Where a withdrawal stands for the staff member looking at it: held for review, waiting for a second
 * approver (and whether they gave the first, so may not give the second), open, or decided.
 */
export function fourEyesState(withdrawal: AdminWithdrawal, me: string | undefined): FourEyesState {
  if (withdrawal.status !== 'pending') return 'decided';
  if (withdrawal.hold) return 'held';
  if (withdrawal.awaitingSecondApproval || withdrawal.firstApproval) {
    return isStaffMember(withdrawal.firstApproval?.by, me) ? 'awaitingSecondByMe' : 'awaitingSecond';
  }
  return 'open';
}

/** The state in words: who approved first and when, or who held it and why. */
export function FourEyesNote({ withdrawal, me }: { withdrawal: AdminWithdrawal; me: string | undefined }) {
  const { t, i18n } = useTranslation();
  const state = fourEyesState(withdrawal, me);
  if (state === 'held' && withdrawal.hold) {
    return (
      <p className="queue-notice withdrawal-state withdrawal-state--held">
        {t('withdrawals.state.held', {
          by: staffName(withdrawal.hold.by),
          at: formatTime(withdrawal.hold.at, i18n.language),
          reason: withdrawal.hold.reason,
        })}
      </p>
    );
  }
  if ((state === 'awaitingSecond' || state === 'awaitingSecondByMe') && withdrawal.firstApproval) {
    const first = t('withdrawals.state.awaitingSecond', {
      by: staffName(withdrawal.firstApproval.by),
      at: formatTime(withdrawal.firstApproval.at, i18n.language),
    });
    return (
      <p className="queue-notice withdrawal-state">
        {first}{' '}
        {state === 'awaitingSecondByMe' ? t('withdrawals.state.notYou') : t('withdrawals.state.youMay')}
      </p>
    );
  }
  return null;
}

/** A short label for the queue's column. */
export function fourEyesLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  withdrawal: AdminWithdrawal,
  me: string | undefined,
): string {
  const state = fourEyesState(withdrawal, me);
  switch (state) {
    case 'held':
      return t('withdrawals.short.held', { by: staffName(withdrawal.hold?.by) });
    case 'awaitingSecond':
      return t('withdrawals.short.awaitingSecond', { by: staffName(withdrawal.firstApproval?.by) });
    case 'awaitingSecondByMe':
      return t('withdrawals.short.awaitingSecondByMe');
    case 'open':
      return t('withdrawals.short.open');
    default:
      return t(`withdrawals.status.${withdrawal.status}`);
  }
}
