import type { RoundStatus } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/features/system';

const isZero = (amount: string) => /^-?0(\.0{1,2})?$/.test(amount.trim());

/**
 * What a round gave or took: a plus or minus sign in the text as well as green or red, so the colour is
 * never the only cue.
 */
export function NetAmount({ amount }: { amount: string }) {
  const money = useMoneyFormat();
  const negative = amount.trim().startsWith('-');
  const zero = isZero(amount);
  let text: string;
  try {
    text = money(amount);
  } catch {
    text = amount;
  }
  if (!negative && !zero) text = `+${text}`;
  return (
    <span className={`records-net records-net--${zero ? 'even' : negative ? 'loss' : 'gain'}`}>{text}</span>
  );
}

/** A round's status as a chip with its word (open, settled, cancelled). */
export function StatusChip({ status }: { status: RoundStatus }) {
  const { t } = useTranslation('records');
  return <span className={`records-chip records-chip--${status}`}>{t(`status.${status}`)}</span>;
}
