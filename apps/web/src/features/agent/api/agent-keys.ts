/** Query keys of the agent centre; each includes the session token (another account never sees these). */
export const agentKeys = {
  all: (token: string | null) => ['agent', token ?? 'anonymous'] as const,
  announcements: (token: string | null, filters: object) =>
    [...agentKeys.all(token), 'announcements', filters] as const,
  overview: (token: string | null) => [...agentKeys.all(token), 'overview'] as const,
  members: (token: string | null, filters: object) => [...agentKeys.all(token), 'members', filters] as const,
  bets: (token: string | null, filters: object) => [...agentKeys.all(token), 'bets', filters] as const,
  contracts: (token: string | null) => [...agentKeys.all(token), 'contracts'] as const,
  income: (token: string | null, filters: object) => [...agentKeys.all(token), 'income', filters] as const,
  inviteLinks: (token: string | null) => [...agentKeys.all(token), 'invite-links'] as const,
  transactions: (token: string | null, filters: object) =>
    [...agentKeys.all(token), 'transactions', filters] as const,
};
