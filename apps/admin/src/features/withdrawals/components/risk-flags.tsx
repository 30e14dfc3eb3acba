import { useTranslation } from 'react-i18next';
import type { RiskFlag } from '../api/withdrawals';
import './withdrawals.css';

const text = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '' : String(value);

const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

/** The numbers behind a flag, in a sentence (money exactly as the server wrote it). */
export function flagDetail(
  t: (key: string, options?: Record<string, unknown>) => string,
  flag: RiskFlag,
): string {
  const d = flag.detail;
  switch (flag.code) {
    case 'TURNOVER_NOT_MET':
      return t('withdrawals.flags.TURNOVER_NOT_MET.detail', {
        required: text(d.required),
        wagered: text(d.wagered),
        remaining: text(d.remaining),
      });
    case 'NEW_BANK_ACCOUNT':
      return t('withdrawals.flags.NEW_BANK_ACCOUNT.detail', { count: Number(d.hoursBeforeRequest ?? 0) });
    case 'FIRST_WITHDRAWAL':
      return t('withdrawals.flags.FIRST_WITHDRAWAL.detail');
    case 'LINKED_ACCOUNTS': {
      const parts = [
        count(d.byBankAccount)
          ? t('withdrawals.flags.LINKED_ACCOUNTS.byBankAccount', { accounts: text(d.byBankAccount) })
          : null,
        count(d.byRegisterIp)
          ? t('withdrawals.flags.LINKED_ACCOUNTS.byRegisterIp', { accounts: text(d.byRegisterIp) })
          : null,
        count(d.byLoginIp)
          ? t('withdrawals.flags.LINKED_ACCOUNTS.byLoginIp', { accounts: text(d.byLoginIp) })
          : null,
      ].filter(Boolean);
      return [t('withdrawals.flags.LINKED_ACCOUNTS.detail', { count: Number(d.count ?? 0) }), ...parts].join(
        '; ',
      );
    }
    case 'AMOUNT_ABOVE_USUAL':
      return t('withdrawals.flags.AMOUNT_ABOVE_USUAL.detail', {
        amount: text(d.amount),
        median: text(d.median),
        multiple: text(d.multiple),
        count: Number(d.previousPaid ?? 0),
      });
    case 'COUNTRY_MISMATCH':
      return t('withdrawals.flags.COUNTRY_MISMATCH.detail', {
        registration: text(d.registrationCountry),
        login: text(d.loginCountry),
      });
    default:
      return Object.entries(d)
        .map(([key, value]) => `${key}: ${text(value)}`)
        .join(', ');
  }
}

/**
 * The risk flags the server computed for a withdrawal: each a labelled badge with its numbers, in a
 * list so a screen reader says how many there are. None: a plain "no flags".
 */
export function RiskFlags({ flags }: { flags: readonly RiskFlag[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return <span className="muted">{t('withdrawals.flags.none')}</span>;
  return (
    <ul className="risk-flags" aria-label={t('withdrawals.flags.label', { count: flags.length })}>
      {flags.map((flag) => (
        <li key={flag.code} className={`risk-flag risk-flag--${flag.code.toLowerCase()}`}>
          <span className="risk-flag__name">{t(`withdrawals.flags.${flag.code}.name`)}</span>
          <span className="risk-flag__detail">{flagDetail(t, flag)}</span>
        </li>
      ))}
    </ul>
  );
}
