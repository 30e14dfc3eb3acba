import type { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes, type LedgerService } from './ledger.service.js';
import { depositRequest, insertMember, nextKey } from './wallet-test-support.js';

/**
 * The ledger's batch credit (lottery settlement pays a chunk of winners with it, ADR 065): each item a
 * transfer of its own under its key, exactly as a single transfer would be. The concurrency cases need
 * real connections and run on PostgreSQL only (DATABASE_URL).
 */
interface Item {
  key: string;
  memberId: bigint;
  amount: bigint;
}

/** The items as the query creditBatch reads: (idempotency_key, member_id, amount, reference). */
const itemsOf = (items: Item[]) =>
  sql`select * from (values ${sql.join(
    items.map(
      (item) => sql`(${item.key}::text, ${item.memberId}::bigint, ${item.amount}::bigint, ${item.key}::text)`,
    ),
    sql`, `,
  )}) as i(idempotency_key, member_id, amount, reference)`;

const credit = (ledger: LedgerService, tx: Executor, items: Item[]) =>
  ledger.creditBatch(tx, {
    kind: 'win',
    currency: 'REAL',
    from: accountCodes.house,
    actor: 'system:test',
    memo: 'batch test',
    items: itemsOf(items),
  });

const rowsOf = async <R>(db: Executor, query: ReturnType<typeof sql>): Promise<R[]> =>
  ((await db.execute(query)) as unknown as { rows: R[] }).rows;

describe('the ledger batch credit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    // The pool's connections end as the harness drops the database (see ledger.concurrency.test.ts).
    const pool = (t.handle.db as unknown as { $client?: EventEmitter }).$client;
    pool?.on?.('error', () => undefined);
    await t.close();
  });

  const ledger = () => t.services.ledger;
  const balance = (memberId: bigint) => ledger().balanceOf(t.handle.db, accountCodes.memberMain(memberId));
  const entriesOf = (memberId: bigint) =>
    rowsOf<{ amount: string; balance_after: string }>(
      t.handle.db,
      sql`select e.amount::text, e.balance_after::text from ledger_entry e
        join ledger_account a on a.id = e.account_id
        where a.code = ${accountCodes.memberMain(memberId)} order by e.id`,
    );
  const transfersOf = (keys: string[]) =>
    rowsOf<{ key: string; entries: number; total: string }>(
      t.handle.db,
      sql`select t.idempotency_key as key, count(e.id)::int as entries, sum(e.amount)::text as total
        from ledger_transfer t join ledger_entry e on e.transfer_id = t.id
        where t.idempotency_key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}) group by t.idempotency_key`,
    );

  it('pays each item as its own transfer of two entries, with each balance after in order, and the books reconcile', async () => {
    const funded = await insertMember(t);
    const fresh = await insertMember(t); // no account yet: the batch makes it
    await ledger().transferNow(depositRequest(funded, 50_00n));
    const items = [
      { key: nextKey('batch'), memberId: funded, amount: 1_00n },
      { key: nextKey('batch'), memberId: fresh, amount: 7_00n },
      { key: nextKey('batch'), memberId: funded, amount: 2_00n },
      { key: nextKey('batch'), memberId: funded, amount: 3_00n },
      // Nothing to pay: skipped, no transfer under its key.
      { key: nextKey('batch'), memberId: fresh, amount: 0n },
    ];
    const outcome = await t.handle.db.transaction((tx) => credit(ledger(), tx, items));
    expect(outcome.moved).toBe(4);
    expect(outcome.total).toBe(13_00n);
    expect([...outcome.memberIds].sort()).toEqual([funded, fresh].sort());
    expect(await balance(funded)).toBe(56_00n);
    expect(await balance(fresh)).toBe(7_00n);
    // The deposit, then the batch's three credits, each entry (in id order, as a statement reads them)
    // carrying the balance after it.
    const entries = await entriesOf(funded);
    expect(entries.map((row) => row.amount).sort()).toEqual(['100', '200', '300', '5000']);
    let running = 0n;
    for (const row of entries) {
      running += BigInt(row.amount);
      expect(row.balance_after).toBe(running.toString());
    }
    expect(running).toBe(56_00n);
    const transfers = await transfersOf(items.map((item) => item.key));
    expect(transfers).toHaveLength(4);
    for (const row of transfers) expect(row).toMatchObject({ entries: 2, total: '0' });
    expect(await ledger().reconcile(t.handle.db)).toEqual([]);
  });

  it('pays nothing twice when retried whole or in part, and a single transfer under one of its keys is its repeat', async () => {
    const who = await insertMember(t);
    const items = [1_00n, 2_00n, 3_00n].map((amount) => ({ key: nextKey('retry'), memberId: who, amount }));
    // A first run that paid only the first two (a chunk cut short), then the whole batch again, twice.
    await t.handle.db.transaction((tx) => credit(ledger(), tx, items.slice(0, 2)));
    const retry = await t.handle.db.transaction((tx) => credit(ledger(), tx, items));
    expect(retry).toMatchObject({ moved: 1, total: 3_00n, memberIds: [who] });
    const again = await t.handle.db.transaction((tx) => credit(ledger(), tx, items));
    expect(again).toMatchObject({ moved: 0, total: 0n, memberIds: [] });
    expect(await balance(who)).toBe(6_00n);
    expect(await transfersOf(items.map((item) => item.key))).toHaveLength(3);
    // The batch wrote the request hash a single transfer would: the same movement is answered, another
    // movement under the key refused.
    const same = {
      idempotencyKey: items[0]?.key ?? '',
      kind: 'win' as const,
      currency: 'REAL' as const,
      legs: [
        { account: accountCodes.house, amount: -1_00n },
        { account: accountCodes.memberMain(who), amount: 1_00n },
      ],
      actor: 'system:test',
    };
    expect(await ledger().transferNow(same)).toMatchObject({ repeated: true });
    await expect(
      ledger().transferNow({
        ...same,
        legs: [
          { account: accountCodes.house, amount: -2_00n },
          { account: accountCodes.memberMain(who), amount: 2_00n },
        ],
      }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await balance(who)).toBe(6_00n);
    expect(await ledger().reconcile(t.handle.db)).toEqual([]);
  });

  it('rolls back with the caller: a batch in a transaction that fails leaves no transfer, entry or balance', async () => {
    const who = await insertMember(t);
    const items = [{ key: nextKey('rollback'), memberId: who, amount: 9_00n }];
    await expect(
      t.handle.db.transaction(async (tx) => {
        await credit(ledger(), tx, items);
        throw new AppError('CONFLICT', 'the caller gave up');
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(await balance(who)).toBe(0n);
    expect(await transfersOf(items.map((item) => item.key))).toHaveLength(0);
    // Its keys are free: the next run pays them.
    expect((await t.handle.db.transaction((tx) => credit(ledger(), tx, items))).moved).toBe(1);
    expect(await balance(who)).toBe(9_00n);
  });

  describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, against concurrent money movements', () => {
    /** A batch inside a transaction that stays open until `release` is called. */
    const heldBatch = (items: Item[]) => {
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let credited = () => undefined as void;
      const done = new Promise<void>((resolve) => {
        credited = resolve;
      });
      const committed = t.handle.db.transaction(async (tx) => {
        const outcome = await credit(ledger(), tx, items);
        credited();
        await held;
        return outcome;
      });
      return { credited: done, release, committed };
    };

    it('a deposit made while a batch holds the member loses nothing: it waits, then adds to the credited balance', async () => {
      const [a, b] = [await insertMember(t), await insertMember(t)];
      await ledger().transferNow(depositRequest(b, 10_00n));
      const items = [
        { key: nextKey('held'), memberId: a, amount: 4_00n },
        { key: nextKey('held'), memberId: b, amount: 5_00n },
        { key: nextKey('held'), memberId: b, amount: 6_00n },
      ];
      const batch = heldBatch(items);
      await batch.credited;
      let depositDone = false;
      const deposit = ledger()
        .transferNow(depositRequest(b, 20_00n))
        .then((result) => {
          depositDone = true;
          return result;
        });
      await new Promise((resolve) => setTimeout(resolve, 150));
      // The batch's lock on b's account holds the deposit back until the batch commits.
      expect(depositDone).toBe(false);
      batch.release();
      expect((await batch.committed).moved).toBe(3);
      expect((await deposit).balances[accountCodes.memberMain(b)]).toBe(41_00n);
      expect(await balance(a)).toBe(4_00n);
      expect(await balance(b)).toBe(41_00n);
      expect((await entriesOf(b)).map((row) => row.balance_after)).toEqual(['1000', '1500', '2100', '4100']);
      expect(await ledger().reconcile(t.handle.db)).toEqual([]);
    });

    it('a batch that meets a deposit in flight waits for it and credits on top of it', async () => {
      const who = await insertMember(t);
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let deposited = () => undefined as void;
      const locked = new Promise<void>((resolve) => {
        deposited = resolve;
      });
      const deposit = t.handle.db.transaction(async (tx) => {
        await ledger().transfer(tx, depositRequest(who, 30_00n));
        deposited();
        await held;
      });
      await locked;
      const batch = t.handle.db.transaction((tx) =>
        credit(ledger(), tx, [{ key: nextKey('after'), memberId: who, amount: 2_50n }]),
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      release();
      await deposit;
      expect((await batch).moved).toBe(1);
      expect(await balance(who)).toBe(32_50n);
      expect((await entriesOf(who)).map((row) => row.balance_after)).toEqual(['3000', '3250']);
      expect(await ledger().reconcile(t.handle.db)).toEqual([]);
    });

    it('batches over the same members and deposits racing them: no deadlock, no double payment, the books reconcile', async () => {
      const members: bigint[] = [];
      for (let index = 0; index < 6; index += 1) members.push(await insertMember(t));
      const keys = Array.from({ length: 60 }, () => nextKey('race'));
      const paid = keys.map((key, index) => ({
        key,
        memberId: members[index % members.length] as bigint,
        amount: BigInt(100 + index),
      }));
      // Four batches carry the same 60 keys (two settlers, two retries), two of them listing the items
      // backwards; twelve deposits land meanwhile.
      const runs = await Promise.all([
        ...[false, true, false, true].map((backwards) =>
          t.handle.db.transaction((tx) => credit(ledger(), tx, backwards ? [...paid].reverse() : paid)),
        ),
        ...Array.from({ length: 12 }, (_, index) =>
          ledger().transferNow(depositRequest(members[index % members.length] as bigint, 1_00n)),
        ),
      ]);
      const moved = runs.slice(0, 4).reduce((sum, run) => sum + ('moved' in run ? run.moved : 0), 0);
      expect(moved).toBe(60);
      for (const [index, memberId] of members.entries()) {
        const credited = paid
          .filter((item) => item.memberId === memberId)
          .reduce((sum, item) => sum + item.amount, 0n);
        const deposits = BigInt(
          Array.from({ length: 12 }, (_, n) => n).filter((n) => n % 6 === index).length,
        );
        expect(await balance(memberId)).toBe(credited + deposits * 1_00n);
      }
      expect(await transfersOf(keys)).toHaveLength(60);
      expect(await ledger().reconcile(t.handle.db)).toEqual([]);
    });
  });
});
