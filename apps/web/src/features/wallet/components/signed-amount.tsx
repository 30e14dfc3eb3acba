import { useMoneyFormat } from '@/features/system';

/** A signed amount: credits green with a plus, debits red with a minus (the sign is text, not only colour). */
export function SignedAmount({ amount }: { amount: string }) {
  const money = useMoneyFormat();
  const negative = amount.trim().startsWith('-');
  const zero = /^-?0(\.0{1,2})?$/.test(amount.trim());
  let text: string;
  try {
    text = money(amount);
  } catch {
    text = amount;
  }
  if (!negative && !zero) text = `+${text}`;
  return (
    <span className={`wallet-signed wallet-signed--${zero ? 'zero' : negative ? 'debit' : 'credit'}`}>
      {text}
    </span>
  );
}
