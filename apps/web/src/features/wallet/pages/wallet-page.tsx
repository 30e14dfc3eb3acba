import { useTranslation } from 'react-i18next';
import { Button, ErrorState, Spinner } from '@/components';
import { useRequireRealAccount, useSession } from '@/features/auth';
import { useMoneyFormat } from '@/features/system';
import { useBalance } from '../api/get-balance';
import { useTurnover } from '../api/get-turnover';
import { useErrorText } from '@/lib/error-text';
import { TransferWallets } from '../components/transfer-wallets';
import { TurnoverProgress } from '../components/turnover-progress';
import { isPositiveMoney } from '../lib/amount';
import type { WalletPageProps } from '../lib/types';
import '../components/wallet.css';

/**
 * "My wallet" (transferFund): the balance, the ways to deposit and withdraw, the game wallets of vendors
 * that keep their own (transfers in and out, everything back to main), and the wagering progress.
 */
export function WalletPage({ onNavigate }: WalletPageProps) {
  const { t } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const session = useSession();
  const requireRealAccount = useRequireRealAccount();
  const balance = useBalance();
  const turnover = useTurnover();

  return (
    <div className="wallet-page">
      <section className="wallet-card" aria-labelledby="wallet-balance-title">
        <h4 id="wallet-balance-title" className="wallet-card__title">
          {t('wallet.mainWallet')}
          {balance.data?.demo ? (
            <span className="wallet-chip wallet-chip--pending">{t('balance.demo')}</span>
          ) : null}
        </h4>
        {balance.data ? (
          <p className="wallet-card__amount" aria-live="polite">
            {money(balance.data.sumBalance)}
          </p>
        ) : balance.isError ? (
          <ErrorState message={errorText(balance.error)} onRetry={() => void balance.refetch()} />
        ) : (
          <Spinner label={t('loading')} />
        )}
        <div className="wallet-actions">
          <Button
            variant="ghost"
            size="sm"
            loading={balance.isFetching}
            onClick={() => void balance.refetch()}
          >
            {t('balance.refresh')}
          </Button>
          <Button
            onClick={() => requireRealAccount(() => onNavigate('depositv2'))}
            disabled={session.isTrial}
          >
            {t('wallet.deposit')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => requireRealAccount(() => onNavigate('withdraw'))}
            disabled={session.isTrial}
          >
            {t('wallet.withdraw')}
          </Button>
        </div>
        {session.isTrial ? <p className="wallet-field__hint">{t('trial.blocked')}</p> : null}
      </section>

      {/* Game wallets at vendors that keep their own (ADR 021): real accounts only. */}
      {session.isTrial ? null : <TransferWallets />}

      <section className="wallet-card" aria-labelledby="wallet-turnover-title">
        <h4 id="wallet-turnover-title" className="wallet-card__title">
          {t('turnover.title')}
        </h4>
        {turnover.data ? (
          <>
            <TurnoverProgress turnover={turnover.data} />
            <p className="wallet-field__hint">
              {isPositiveMoney(turnover.data.remaining)
                ? t('turnover.explainRemaining', { remaining: money(turnover.data.remaining) })
                : t('turnover.done')}
            </p>
          </>
        ) : turnover.isError ? (
          <ErrorState message={errorText(turnover.error)} onRetry={() => void turnover.refetch()} />
        ) : (
          <Spinner label={t('loading')} />
        )}
      </section>
    </div>
  );
}
