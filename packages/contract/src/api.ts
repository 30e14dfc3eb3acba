import type { z } from 'zod';
import { adminCalls } from './admin.js';
import { auditCalls } from './audit.js';
import { agentCalls } from './agent.js';
import { authCalls } from './auth.js';
import type { CallDefinition } from './call.js';
import { cashierCalls } from './cashier.js';
import { contentCalls } from './content.js';
import { gameCalls } from './game.js';
import { inhouseCalls } from './inhouse.js';
import { lotteryCalls } from './lottery.js';
import { loyaltyCalls } from './loyalty.js';
import { memberCalls } from './member.js';
import { messagingCalls } from './messaging.js';
import { missionsCalls } from './missions.js';
import { playersCalls } from './players.js';
import { rewardsCalls } from './rewards.js';
import { pvpCalls } from './pvp.js';
import { recordsCalls } from './records.js';
import { reportsCalls } from './reports.js';
import type { CallName } from './routes.js';
import { systemCalls } from './system.js';
import { transferCalls } from './transfer.js';
import { vnLotteryCalls } from './vn-lottery.js';
import { walletCalls } from './wallet.js';

/**
 * Every call by name: the merge of the domain tables. A call is declared once, in its domain's file;
 * paths.generated.ts is the zod-free copy of this table for the browser (`npm run generate
 * --workspace @platform/contract` after a change; a test fails while it is stale).
 */
export const domainCalls = {
  system: systemCalls,
  content: contentCalls,
  game: gameCalls,
  auth: authCalls,
  member: memberCalls,
  wallet: walletCalls,
  cashier: cashierCalls,
  admin: adminCalls,
  audit: auditCalls,
  transfer: transferCalls,
  pvp: pvpCalls,
  records: recordsCalls,
  inhouse: inhouseCalls,
  lottery: lotteryCalls,
  vnLottery: vnLotteryCalls,
  agent: agentCalls,
  messaging: messagingCalls,
  rewards: rewardsCalls,
  loyalty: loyaltyCalls,
  missions: missionsCalls,
  players: playersCalls,
  reports: reportsCalls,
} as const;

export const api = {
  ...systemCalls,
  ...contentCalls,
  ...gameCalls,
  ...authCalls,
  ...memberCalls,
  ...walletCalls,
  ...cashierCalls,
  ...adminCalls,
  ...auditCalls,
  ...transferCalls,
  ...pvpCalls,
  ...recordsCalls,
  ...inhouseCalls,
  ...lotteryCalls,
  ...vnLotteryCalls,
  ...agentCalls,
  ...messagingCalls,
  ...rewardsCalls,
  ...loyaltyCalls,
  ...missionsCalls,
  ...playersCalls,
  ...reportsCalls,
} as const satisfies Record<CallName, CallDefinition>;
export type Api = typeof api;
export type { CallDefinition, CallName };
export type ResponseOf<N extends CallName> = z.infer<Api[N]['response']>;

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** The generated table names exactly the declared calls: a stale one fails the typecheck too. */
export type GeneratedTableIsCurrent = Assert<Exactly<keyof Api, CallName>>;
