import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { useMoneyFormat } from '@/features/system';
import { useBalance } from '../api/get-balance';
import { useBalanceSocket } from '../lib/use-balance-socket';
import './header-balance.css';

/** The header's balance for a logged-in member: amount with symbol, a refresh button, "Demo" for trial money. */
export function HeaderBalance() {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return null;
  // The wallet's translations are not part of start-up (a visitor never needs them): the balance
  // waits for them here, in its own box, instead of holding the whole page.
  return (
    <Suspense
      fallback={
        <div className="header-balance" aria-hidden="true">
          <span className="header-balance__amount">…</span>
        </div>
      }
    >
      <LoggedInBalance />
    </Suspense>
  );
}

function LoggedInBalance() {
  const { t } = useTranslation('wallet');
  const money = useMoneyFormat();
  const balance = useBalance();
  useBalanceSocket();
  const data = balance.data;
  let text: string;
  if (data) {
    try {
      text = money(data.sumBalance);
    } catch {
      text = '—';
    }
  } else {
    text = balance.isError ? '—' : '…';
  }
  return (
    <div className="header-balance" role="group" aria-label={t('balance.label')}>
      <span className="header-balance__amount" aria-live="polite" aria-busy={balance.isFetching || undefined}>
        {text}
      </span>
      {data?.demo ? (
        <span className="header-balance__demo" title={t('balance.demoHint')}>
          {t('balance.demo')}
        </span>
      ) : null}
      <button
        type="button"
        className="header-balance__refresh"
        aria-label={t('balance.refresh')}
        disabled={balance.isFetching}
        onClick={() => void balance.refetch()}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </div>
  );
}
