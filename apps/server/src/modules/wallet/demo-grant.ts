import { parseMoney, type Settings } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { accountCodes, LedgerService } from './ledger.service.js';

/**
 * Gives a new trial account its demo money (settings['trial.demoBalance']) from house:demo, inside the
 * transaction that creates the account: a trial either exists with its demo money or not at all.
 * The key is per member, so a retried creation never grants twice. Nothing is published: nobody can be
 * connected to an account that is being created.
 */
export async function grantTrialDemoMoney(
  tx: Executor,
  deps: { clock: Clock },
  memberId: bigint,
  settings: Pick<Settings, 'trial.demoBalance'>,
): Promise<void> {
  const amount = parseMoney(settings['trial.demoBalance']);
  if (amount <= 0n) return;
  // The ledger needs no database of its own for transfer(tx): only the caller's transaction is used.
  const ledger = new LedgerService({ db: tx, clock: deps.clock });
  await ledger.transfer(tx, {
    idempotencyKey: `demo-grant:${memberId}`,
    kind: 'demo_grant',
    currency: 'DEMO',
    legs: [
      { account: accountCodes.memberDemo(memberId), amount },
      { account: accountCodes.houseDemo, amount: -amount },
    ],
    memo: 'trial demo money',
    actor: 'system:free-play',
  });
}
