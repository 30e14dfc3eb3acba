import { formatMoney, parseMoney } from '@platform/contract/client';
import { useCallback, useState } from 'react';
import { storage, storageKeys } from '@/lib/storage';

/** The stored play money, or the starting amount when nothing (or nothing valid) is stored. */
const valueOf = (text: string | null, start: string | undefined): bigint | null =>
  text !== null && /^\d{1,15}\.\d{2}$/.test(text) ? parseMoney(text) : start ? parseMoney(start) : null;

/**
 * Free play's money (FREEPLAY3): the page's own, kept for the tab in session storage, never sent to the
 * server and never on the ledger. It starts at the operator's play-money amount and can be topped up again
 * once it no longer pays the smallest bet.
 */
export function usePlayMoney(start: string | undefined): {
  balance: bigint | null;
  change(by: bigint): void;
  reset(): void;
} {
  const [stored, setStored] = useState<string | null>(() => storage.session.get(storageKeys.slotPlayMoney));
  const balance = valueOf(stored, start);
  const change = useCallback(
    (by: bigint) =>
      setStored((previous) => {
        const current = valueOf(previous, start);
        if (current === null) return previous;
        const next = current + by;
        const text = formatMoney(next < 0n ? 0n : next);
        storage.session.set(storageKeys.slotPlayMoney, text);
        return text;
      }),
    [start],
  );
  const reset = useCallback(() => {
    if (!start) return;
    storage.session.set(storageKeys.slotPlayMoney, formatMoney(parseMoney(start)));
    setStored(formatMoney(parseMoney(start)));
  }, [start]);
  return { balance, change, reset };
}
