/** Query keys of the missions feature, each with the session token (a second login never sees the first's). */
export const missionsKeys = {
  all: (token: string | null) => ['missions', token ?? 'anonymous'] as const,
  missions: (token: string | null, language: string) =>
    [...missionsKeys.all(token), 'missions', language] as const,
  leaderboards: (token: string | null, language: string) =>
    [...missionsKeys.all(token), 'leaderboards', language] as const,
  rewards: (token: string | null, language: string) =>
    [...missionsKeys.all(token), 'rewards', language] as const,
  winners: (language: string) => ['missions', 'winners', language] as const,
};
