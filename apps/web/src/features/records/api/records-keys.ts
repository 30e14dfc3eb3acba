/** Query keys of the records feature; each includes the session token, so one account never sees another's. */
export const recordsKeys = {
  all: (token: string | null) => ['records', token ?? 'anonymous'] as const,
  bets: (token: string | null, filters: object) => [...recordsKeys.all(token), 'bets', filters] as const,
  bet: (token: string | null, id: string) => [...recordsKeys.all(token), 'bet', id] as const,
  profit: (token: string | null, filters: object) => [...recordsKeys.all(token), 'profit', filters] as const,
  lotteryBets: (token: string | null, filters: object) =>
    [...recordsKeys.all(token), 'lottery-bets', filters] as const,
  lotteryBet: (token: string | null, id: string) => [...recordsKeys.all(token), 'lottery-bet', id] as const,
  lotteryFollows: (token: string | null, filters: object) =>
    [...recordsKeys.all(token), 'lottery-follows', filters] as const,
  lotteryFollow: (token: string | null, id: string) =>
    [...recordsKeys.all(token), 'lottery-follow', id] as const,
};
