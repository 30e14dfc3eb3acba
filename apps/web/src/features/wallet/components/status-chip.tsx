import { useTranslation } from 'react-i18next';
import type { DepositStatus, WithdrawalStatus } from '../lib/types';

const tone: Record<DepositStatus | WithdrawalStatus, 'pending' | 'good' | 'bad' | 'muted'> = {
  pending: 'pending',
  credited: 'good',
  rejected: 'bad',
  expired: 'muted',
  paid: 'pending',
  received: 'good',
  not_received: 'bad',
  auto_received: 'good',
};

/** A coloured status label; the text says the status, the colour only repeats it. */
export function StatusChip({
  kind,
  status,
}: {
  kind: 'deposit' | 'withdrawal';
  status: DepositStatus | WithdrawalStatus;
}) {
  const { t } = useTranslation('wallet');
  return <span className={`wallet-chip wallet-chip--${tone[status]}`}>{t(`status.${kind}.${status}`)}</span>;
}
