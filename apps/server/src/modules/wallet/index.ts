import type { Settings } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/database.js';
import type { AppDeps } from '../../lib/deps.js';
import { BalanceCache } from './balance-cache.js';
import { grantTrialDemoMoney } from './demo-grant.js';
import { LedgerService, type BalancePublisher } from './ledger.service.js';
import { TurnoverService } from './turnover.service.js';
import { walletOperatorCommands } from './wallet.operator.js';
import { registerWalletRoutes } from './wallet.routes.js';
import { WalletService, type WalletMembers } from './wallet.service.js';

export {
  accountCodes,
  holdingAccountKinds,
  LedgerService,
  type BalancePublisher,
  type HoldingCheck,
  type TransferRequest,
  type TransferOutcome,
  type TransferResult,
} from './ledger.service.js';
export { TurnoverService } from './turnover.service.js';
export { ledgerMovementsAfter, type LedgerMovement } from './ledger-feed.js';
export { WalletService, type WalletMembers } from './wallet.service.js';
export { SITE_TIME_ZONE, SITE_UTC_OFFSET_MINUTES, siteDayEnd, siteDayStart } from './site-time.js';

/**
 * Money: the double-entry ledger every movement goes through, the member's wallet views (balance,
 * statement, bonuses, turnover), and the reconcile and balance commands.
 */
export function createWalletModule(deps: AppDeps) {
  let publisher: BalancePublisher | undefined;
  // Looked up on each publish: the realtime module, which pushes balances, is built after this one.
  const balances = new BalanceCache(deps.clock, deps.config.SETTINGS_CACHE_MS);
  const ledger = new LedgerService(
    deps,
    () => publisher,
    (memberIds) => balances.moved(memberIds),
  );
  let members: WalletMembers | undefined;
  const membersNow = (): WalletMembers => {
    if (!members) throw new Error('the wallet was not given the member module (useMembers)');
    return members;
  };
  const turnover = new TurnoverService();
  const wallet = new WalletService(deps, turnover, membersNow, balances);
  return {
    ledger,
    turnover,
    wallet,
    /** who is told, after each committed movement, whose balance changed */
    onBalanceChange(next: BalancePublisher): void {
      publisher = next;
    },
    /** the member module, once built: a member's type (which balance is theirs) and lookup by account */
    useMembers(next: WalletMembers): void {
      members = next;
    },
    /** a new trial account's demo money, inside the transaction that creates the account */
    grantTrialDemoMoney: (tx: Executor, memberId: bigint, settings: Pick<Settings, 'trial.demoBalance'>) =>
      grantTrialDemoMoney(tx, deps, memberId, settings),
    registerRoutes: (app: FastifyInstance) => registerWalletRoutes(app, { wallet }),
    operatorCommands: walletOperatorCommands({ ledger, db: deps.db, members: membersNow }),
  };
}
export type WalletModule = ReturnType<typeof createWalletModule>;
