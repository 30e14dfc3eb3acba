/**
 * Query keys of the wallet feature. Each includes the session token, so a second account logging in on
 * the same tab never sees the first one's balance or records.
 */
export const walletKeys = {
  all: (token: string | null) => ['wallet', token ?? 'anonymous'] as const,
  balance: (token: string | null) => [...walletKeys.all(token), 'balance'] as const,
  turnover: (token: string | null) => [...walletKeys.all(token), 'turnover'] as const,
  transactions: (token: string | null, filters: object) =>
    [...walletKeys.all(token), 'transactions', filters] as const,
  bonuses: (token: string | null, filters: object) => [...walletKeys.all(token), 'bonuses', filters] as const,
  memberBonuses: (token: string | null) => [...walletKeys.all(token), 'member-bonuses'] as const,
  channels: (token: string | null) => [...walletKeys.all(token), 'channels'] as const,
  deposits: (token: string | null, filters: object) =>
    [...walletKeys.all(token), 'deposits', filters] as const,
  bankAccounts: (token: string | null) => [...walletKeys.all(token), 'bank-accounts'] as const,
  withdrawInfo: (token: string | null) => [...walletKeys.all(token), 'withdraw-info'] as const,
  withdrawals: (token: string | null, filters: object) =>
    [...walletKeys.all(token), 'withdrawals', filters] as const,
};
