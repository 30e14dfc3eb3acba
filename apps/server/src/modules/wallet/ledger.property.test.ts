import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccount, ledgerEntry } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes, type TransferRequest } from './ledger.service.js';
import { insertMember, nextKey } from './wallet-test-support.js';

/**
 * Any sequence of cashier and game movements, applied through the ledger, keeps the books right and
 * agrees with a model simple enough to trust by reading it.
 */

type Step =
  | { op: 'deposit' | 'bet' | 'win' | 'hold' | 'bonus'; amount: bigint }
  | { op: 'adjust'; amount: bigint }
  | { op: 'release' | 'payout'; pick: number }
  | { op: 'replay'; pick: number };

const amount = fc.bigInt({ min: 1n, max: 50_000n });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constantFrom('deposit', 'bet', 'win', 'hold', 'bonus'), amount }),
  fc.record({
    op: fc.constant('adjust'),
    amount: fc.bigInt({ min: -50_000n, max: 50_000n }).filter((n) => n !== 0n),
  }),
  fc.record({ op: fc.constantFrom('release', 'payout'), pick: fc.nat() }),
  fc.record({ op: fc.constant('replay'), pick: fc.nat() }),
) as fc.Arbitrary<Step>;

interface Model {
  main: bigint;
  bonus: bigint;
  held: bigint;
  /** holds not yet released or paid out */
  pending: bigint[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function request(kind: TransferRequest['kind'], legs: [string, bigint][]): TransferRequest {
  return {
    idempotencyKey: nextKey(kind),
    kind,
    currency: 'REAL',
    legs: legs.map(([account, amount]) => ({ account, amount })),
    actor: 'system:property',
  };
}

describe('ledger invariants', () => {
  it('hold for any sequence of deposits, bets, wins, holds, releases, payouts, bonuses and adjustments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const id = await insertMember(t);
        const main = accountCodes.memberMain(id);
        const bonus = accountCodes.memberBonus(id);
        const held = accountCodes.memberHeld(id);
        const model: Model = { main: 0n, bonus: 0n, held: 0n, pending: [] };
        const done: TransferRequest[] = [];

        const apply = async (req: TransferRequest, allowed: boolean, onSuccess: () => void) => {
          try {
            const result = await t.services.ledger.transferNow(req);
            expect(allowed).toBe(true);
            expect(result.repeated).toBe(false);
            onSuccess();
            done.push(req);
          } catch (error) {
            if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_FUNDS') throw error;
            expect(allowed).toBe(false);
          }
        };

        for (const s of steps) {
          switch (s.op) {
            case 'deposit':
              await apply(
                request('deposit', [
                  [accountCodes.channel('bank-1'), -s.amount],
                  [main, s.amount],
                ]),
                true,
                () => {
                  model.main += s.amount;
                },
              );
              break;
            case 'bet':
              await apply(
                request('bet', [
                  [main, -s.amount],
                  [accountCodes.house, s.amount],
                ]),
                s.amount <= model.main,
                () => {
                  model.main -= s.amount;
                },
              );
              break;
            case 'win':
              await apply(
                request('win', [
                  [accountCodes.house, -s.amount],
                  [main, s.amount],
                ]),
                true,
                () => {
                  model.main += s.amount;
                },
              );
              break;
            case 'bonus':
              await apply(
                request('bonus', [
                  [accountCodes.house, -s.amount],
                  [bonus, s.amount],
                ]),
                true,
                () => {
                  model.bonus += s.amount;
                },
              );
              break;
            case 'hold':
              await apply(
                request('withdrawal_hold', [
                  [main, -s.amount],
                  [held, s.amount],
                ]),
                s.amount <= model.main,
                () => {
                  model.main -= s.amount;
                  model.held += s.amount;
                  model.pending.push(s.amount);
                },
              );
              break;
            case 'release':
            case 'payout': {
              if (model.pending.length === 0) break;
              const index = s.pick % model.pending.length;
              const held_ = model.pending[index] as bigint;
              const target = s.op === 'release' ? main : accountCodes.paidOut;
              await apply(
                request(s.op === 'release' ? 'withdrawal_release' : 'withdrawal_payout', [
                  [held, -held_],
                  [target, held_],
                ]),
                true,
                () => {
                  model.pending.splice(index, 1);
                  model.held -= held_;
                  if (s.op === 'release') model.main += held_;
                },
              );
              break;
            }
            case 'adjust':
              await apply(
                request('adjustment', [
                  [accountCodes.house, -s.amount],
                  [main, s.amount],
                ]),
                model.main + s.amount >= 0n,
                () => {
                  model.main += s.amount;
                },
              );
              break;
            case 'replay': {
              if (done.length === 0) break;
              const again = await t.services.ledger.transferNow(
                done[s.pick % done.length] as TransferRequest,
              );
              expect(again.repeated).toBe(true);
              break;
            }
          }
        }

        const db = t.handle.db;
        expect(await t.services.ledger.balanceOf(db, main)).toBe(model.main);
        expect(await t.services.ledger.balanceOf(db, bonus)).toBe(model.bonus);
        expect(await t.services.ledger.balanceOf(db, held)).toBe(model.held);
        expect(model.held).toBe(model.pending.reduce((sum, n) => sum + n, 0n));
        // Every balance_after this member's accounts ever showed was >= 0.
        const entries = await db
          .select({ balanceAfter: ledgerEntry.balanceAfter })
          .from(ledgerEntry)
          .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
          .where(eq(ledgerAccount.memberId, id));
        for (const entry of entries) expect(entry.balanceAfter).toBeGreaterThanOrEqual(0n);
        // Balance == sum of entries, transfers sum to zero in one currency, nothing negative. The holds
        // here are ledger transfers with no withdrawal behind them, so the cashier's check that each
        // member's held account holds their pending withdrawals is the one check left out.
        const problems = await t.services.ledger.reconcile(db);
        expect(
          problems.filter(
            (problem) => !(problem.kind === 'holding_mismatch' && /^member:\d+:held$/.test(problem.account)),
          ),
        ).toEqual([]);
      }),
      { numRuns: 50 },
    );
  }, 240_000);
});
