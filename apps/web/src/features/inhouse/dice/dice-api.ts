import type {
  DiceInfo,
  DiceRotation,
  DiceRound,
  DiceSeedPair,
  DiceDirectionName,
} from '@platform/contract/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Query keys of dice: the game's info is everyone's; a member's pair and rounds are theirs (by token). */
export const diceKeys = {
  info: () => ['inhouse', 'dice', 'info'] as const,
  seed: (token: string | null) => ['inhouse', 'dice', 'seed', token] as const,
  rounds: (token: string | null) => ['inhouse', 'dice', 'rounds', token] as const,
};

export const diceInfoQueryOptions = () =>
  queryOptions({
    queryKey: diceKeys.info(),
    queryFn: ({ signal }): Promise<DiceInfo> => apiRequest('inhouseDiceInfo', { signal }),
    staleTime: 60_000,
  });

export const diceSeedQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: diceKeys.seed(token),
    queryFn: ({ signal }): Promise<DiceSeedPair> => apiRequest('inhouseDiceSeed', { signal }),
    enabled: !!token,
  });

export const diceRoundsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: diceKeys.rounds(token),
    queryFn: ({ signal }): Promise<DiceRound[]> => apiRequest('inhouseDiceRounds', { signal }),
    enabled: !!token,
  });

export interface DiceBetInput {
  bet: string;
  target: string;
  direction: DiceDirectionName;
}

/** POST /wps/inhouse/dice/bet: real money; `requestId` is made once per bet. */
export const betDice = (input: DiceBetInput, requestId: string): Promise<DiceRound> =>
  apiRequest('inhouseDiceBet', { body: { ...input, requestId } });

/** POST /wps/inhouse/dice/free-bet: play money; the server writes nothing. */
export const freeBetDice = (input: DiceBetInput): Promise<DiceRound> =>
  apiRequest('inhouseDiceFreeBet', { body: input });

export const rotateDiceSeed = (clientSeed: string | undefined): Promise<DiceRotation> =>
  apiRequest('inhouseDiceRotate', { body: clientSeed ? { clientSeed } : {} });

/** A dice round on the verification page. */
export function diceVerifyHref(
  round: Pick<DiceRound, 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce'>,
) {
  const query = new URLSearchParams({
    game: 'dice',
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
  });
  if (round.serverSeed) query.set('serverSeed', round.serverSeed);
  return `/inhouse/fair?${query.toString()}`;
}

/** The payout the server will use: (100 − edge) / (winning rolls / 10001), four decimals down. */
export function dicePayoutText(target: number, direction: DiceDirectionName, edge: string): string | null {
  const winning = direction === 'over' ? 10_000 - target : target;
  if (winning <= 0) return null;
  const edgeHundredths = Math.round(Number(edge) * 100);
  const payout = Math.floor(((10_000 - edgeHundredths) * 10_001) / winning);
  return (payout / 10_000).toFixed(4);
}

/** The win chance shown: winning rolls × 100 / 10001, two decimals. */
export function diceChanceText(target: number, direction: DiceDirectionName): string {
  const winning = direction === 'over' ? 10_000 - target : target;
  return (Math.round((winning * 10_000) / 10_001) / 100).toFixed(2);
}
