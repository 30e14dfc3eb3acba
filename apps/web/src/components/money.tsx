import { displayMoney } from '@platform/contract/client';

export interface MoneyProps {
  /** decimal string as the server sends it, e.g. "1234.5" */
  amount: string;
  symbol?: string;
  className?: string;
}

/** 1,234.50 with an optional symbol; tabular digits so columns of amounts line up. */
export function Money({ amount, symbol = '', className }: MoneyProps) {
  let text: string;
  try {
    text = displayMoney(amount, symbol);
  } catch {
    // A malformed amount is shown as sent rather than crashing the page around it.
    text = `${symbol}${amount}`;
  }
  return (
    <span
      className={className}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-negative={text.startsWith('-') || undefined}
    >
      {text}
    </span>
  );
}
