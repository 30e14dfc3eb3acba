/** Query keys of the loyalty feature, each with the session token (a second login never sees the first's). */
export const loyaltyKeys = {
  all: (token: string | null) => ['loyalty', token ?? 'anonymous'] as const,
  points: (token: string | null) => [...loyaltyKeys.all(token), 'points'] as const,
  history: (token: string | null, filters: object) =>
    [...loyaltyKeys.all(token), 'history', filters] as const,
  mall: (token: string | null, language: string) => [...loyaltyKeys.all(token), 'mall', language] as const,
  redeems: (token: string | null, filters: object) =>
    [...loyaltyKeys.all(token), 'redeems', filters] as const,
  rank: (token: string | null) => [...loyaltyKeys.all(token), 'rank'] as const,
};
