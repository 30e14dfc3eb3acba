import { parseMoney } from '@platform/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccount, ledgerEntry, ledgerTransfer, member } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  accountCodes,
  accountSpecOf,
  LedgerService,
  requestHashOf,
  type TransferRequest,
} from './ledger.service.js';
import {
  betRequest,
  depositRequest,
  insertMember,
  ledgerCounts,
  nextKey,
  transferExists,
} from './wallet-test-support.js';

let t: TestApp;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const main = (id: bigint) => accountCodes.memberMain(id);
/** An error's message with its causes' (the driver wraps the database's). */
const messagesOf = (error: unknown): string => {
  const messages: string[] = [];
  for (let at: unknown = error; at instanceof Error; at = at.cause) messages.push(at.message);
  return messages.join(' / ');
};

describe('transfer', () => {
  it('moves money, keeps the balance on member accounts and writes one entry per leg', async () => {
    const id = await insertMember(t);
    const deposit = await t.services.ledger.transferNow(depositRequest(id, 10_000n));
    expect(deposit).toMatchObject({ repeated: false, balances: { [main(id)]: 10_000n }, memberIds: [id] });
    const bet = await t.services.ledger.transferNow(betRequest(id, 2_550n));
    expect(bet.balances).toEqual({ [main(id)]: 7_450n });

    expect(await t.services.ledger.balanceOf(db(), main(id))).toBe(7_450n);
    // Untracked accounts answer the sum of their entries.
    expect(await t.services.ledger.balanceOf(db(), accountCodes.channel('bank-test'))).toBeLessThan(0n);
    expect(await t.services.ledger.balanceOf(db(), 'channel:never-used')).toBe(0n);

    const entries = await db()
      .select({
        amount: ledgerEntry.amount,
        balanceAfter: ledgerEntry.balanceAfter,
        code: ledgerAccount.code,
      })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .where(eq(ledgerEntry.transferId, bet.transferId));
    expect(entries).toHaveLength(2);
    expect(entries).toContainEqual({ amount: -2_550n, balanceAfter: 7_450n, code: main(id) });
    // The house keeps no balance column: its entries carry none.
    expect(entries).toContainEqual({ amount: 2_550n, balanceAfter: null, code: accountCodes.house });
    const [house] = await db().select().from(ledgerAccount).where(eq(ledgerAccount.code, accountCodes.house));
    expect(house).toMatchObject({ tracksBalance: false, balance: 0n, kind: 'house', currency: 'REAL' });
  });

  it('refuses a debit beyond the balance with INSUFFICIENT_FUNDS naming the account, and writes nothing', async () => {
    const id = await insertMember(t);
    await t.services.ledger.transferNow(depositRequest(id, 1_000n));
    const before = await ledgerCounts(db());
    const request = betRequest(id, 1_001n);
    const failure = await t.services.ledger.transferNow(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { account: main(id) } });
    expect(await ledgerCounts(db())).toEqual(before);
    expect(await transferExists(db(), request.idempotencyKey)).toBe(false);
    expect(await t.services.ledger.balanceOf(db(), main(id))).toBe(1_000n);
    // Spending exactly everything is allowed.
    expect((await t.services.ledger.transferNow(betRequest(id, 1_000n))).balances[main(id)]).toBe(0n);
  });

  it('refuses, as the bug it is, a transfer over an account stored with other terms than its code says', async () => {
    const id = await insertMember(t);
    // A member wallet stored as untracked (corrupted by hand): neither a credit nor a debit may use it.
    await db()
      .insert(ledgerAccount)
      .values({
        code: main(id),
        kind: 'player_main',
        currency: 'REAL',
        memberId: id,
        tracksBalance: false,
      });
    const before = await ledgerCounts(db());
    for (const request of [depositRequest(id, 1_000n), betRequest(id, 1_000n)]) {
      const refusal = await t.services.ledger.transferNow(request).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(Error);
      expect(refusal).not.toBeInstanceOf(AppError);
      expect(messagesOf(refusal)).toMatch(/other terms/);
    }
    // The house, with another currency: same.
    await db()
      .update(ledgerAccount)
      .set({ currency: 'DEMO' })
      .where(eq(ledgerAccount.code, accountCodes.house));
    try {
      const other = await insertMember(t);
      const win: TransferRequest = {
        idempotencyKey: nextKey('win'),
        kind: 'win',
        currency: 'REAL',
        legs: [
          { account: accountCodes.house, amount: -100n },
          { account: main(other), amount: 100n },
        ],
        actor: 'system:test',
      };
      const refusal = await t.services.ledger.transferNow(win).then(
        () => null,
        (error: unknown) => error,
      );
      expect(messagesOf(refusal)).toMatch(/other terms/);
      expect(await t.services.ledger.balanceOf(db(), main(other))).toBe(0n);
    } finally {
      await db()
        .update(ledgerAccount)
        .set({ currency: 'REAL' })
        .where(eq(ledgerAccount.code, accountCodes.house));
    }
    expect(await ledgerCounts(db())).toEqual(before);
  });

  it('answers a repeated key with the first transfer and moves money once', async () => {
    const id = await insertMember(t);
    const request = depositRequest(id, 5_000n);
    const first = await t.services.ledger.transferNow(request);
    await t.services.ledger.transferNow(betRequest(id, 1_000n));
    const again = await t.services.ledger.transferNow({ ...request, memo: 'a retry may say other things' });
    expect(again).toEqual({
      transferId: first.transferId,
      repeated: true,
      balances: { [main(id)]: 4_000n },
      memberIds: [],
    });
    expect(await t.services.ledger.balanceOf(db(), main(id))).toBe(4_000n);
  });

  it('refuses a repeated key with other legs, kind or currency as IDEMPOTENCY_CONFLICT', async () => {
    const id = await insertMember(t);
    const request = depositRequest(id, 5_000n);
    await t.services.ledger.transferNow(request);
    const before = await ledgerCounts(db());
    await expect(
      t.services.ledger.transferNow(depositRequest(id, 5_001n, request.idempotencyKey)),
    ).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
    await expect(t.services.ledger.transferNow({ ...request, kind: 'adjustment' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
    const other = await insertMember(t);
    await expect(
      t.services.ledger.transferNow(depositRequest(other, 5_000n, request.idempotencyKey)),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await ledgerCounts(db())).toEqual(before);
    expect(await t.services.ledger.balanceOf(db(), main(id))).toBe(5_000n);
    expect(await t.services.ledger.balanceOf(db(), main(other))).toBe(0n);
  });

  it('treats malformed requests as programming errors (plain Error, not a business refusal) and writes nothing', async () => {
    const id = await insertMember(t);
    await t.services.ledger.transferNow(depositRequest(id, 5_000n));
    const before = await ledgerCounts(db());
    const base = {
      idempotencyKey: nextKey('bad'),
      kind: 'adjustment',
      currency: 'REAL',
      actor: 'system:test',
    } as const;
    const bad: [string, TransferRequest][] = [
      [
        'legs not summing to zero',
        {
          ...base,
          legs: [
            { account: main(id), amount: 100n },
            { account: 'house', amount: -99n },
          ],
        },
      ],
      [
        'mixed currencies',
        {
          ...base,
          legs: [
            { account: accountCodes.memberDemo(id), amount: 100n },
            { account: 'house', amount: -100n },
          ],
        },
      ],
      [
        'a DEMO transfer on REAL accounts',
        {
          ...base,
          currency: 'DEMO',
          legs: [
            { account: main(id), amount: 100n },
            { account: 'house:demo', amount: -100n },
          ],
        },
      ],
      ['one leg', { ...base, legs: [{ account: main(id), amount: 0n }] }],
      [
        'a zero leg',
        {
          ...base,
          legs: [
            { account: main(id), amount: 0n },
            { account: 'house', amount: 0n },
          ],
        },
      ],
      [
        'the same account twice',
        {
          ...base,
          legs: [
            { account: main(id), amount: 100n },
            { account: main(id), amount: -100n },
          ],
        },
      ],
      [
        'an unknown account',
        {
          ...base,
          legs: [
            { account: 'nobody', amount: 100n },
            { account: 'house', amount: -100n },
          ],
        },
      ],
      [
        'an empty key',
        {
          ...base,
          idempotencyKey: '',
          legs: [
            { account: main(id), amount: 1n },
            { account: 'house', amount: -1n },
          ],
        },
      ],
    ];
    for (const [, request] of bad) {
      const failure = await t.services.ledger.transferNow(request).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(AppError);
      await db().transaction(async (tx) => {
        await expect(t.services.ledger.transfer(tx, request)).rejects.toThrow(/^ledger: /);
      });
    }
    expect(await ledgerCounts(db())).toEqual(before);
    expect(await t.services.ledger.balanceOf(db(), main(id))).toBe(5_000n);
  });

  it('derives kind and currency from the account code', () => {
    expect(accountSpecOf('member:7:held')).toEqual({
      code: 'member:7:held',
      kind: 'withdrawal_held',
      currency: 'REAL',
      memberId: 7n,
      tracksBalance: true,
    });
    expect(accountSpecOf('member:7:demo')).toMatchObject({ currency: 'DEMO', tracksBalance: true });
    expect(accountSpecOf('house:demo')).toMatchObject({
      currency: 'DEMO',
      tracksBalance: false,
      memberId: null,
    });
    expect(accountSpecOf('cashier:paid-out')).toMatchObject({ currency: 'REAL', tracksBalance: false });
    expect(() => accountSpecOf('member:0:main')).toThrow();
    expect(() => accountSpecOf('member:7:savings')).toThrow();
  });
});

describe('the request hash in SQL (ledger_request_hash, migration 0019)', () => {
  it('is the hash requestHashOf makes, so a database function can claim a key the service would', async () => {
    const cases: Pick<TransferRequest, 'kind' | 'currency' | 'legs'>[] = [
      {
        kind: 'bet',
        currency: 'REAL',
        legs: [
          { account: 'vendor:DEMO_RNG', amount: 1_000n },
          { account: 'member:42:main', amount: -1_000n },
        ],
      },
      {
        kind: 'refund',
        currency: 'DEMO',
        legs: [
          { account: 'member:7:demo', amount: 250n },
          { account: 'vendor:A-1_b:demo', amount: -250n },
        ],
      },
      {
        kind: 'adjustment',
        currency: 'REAL',
        legs: [
          { account: 'member:9:main', amount: 5n },
          { account: 'member:10:main', amount: 5n },
          { account: 'house', amount: -10n },
        ],
      },
    ];
    for (const request of cases) {
      const legs = request.legs.map((leg) => `${leg.account}=${leg.amount.toString()}`);
      const result = await db().execute(
        sql`select ledger_request_hash(${request.kind}, ${request.currency}, ARRAY[${sql.join(
          legs.map((leg) => sql`${leg}`),
          sql`, `,
        )}]::text[]) as hash`,
      );
      const row = (result as unknown as { rows: { hash: string }[] }).rows[0];
      expect(row?.hash).toBe(requestHashOf(request));
    }
  });
});

describe('transfer inside the caller transaction', () => {
  it('rolls back with the caller', async () => {
    const id = await insertMember(t);
    const request = depositRequest(id, 3_000n);
    await expect(
      db().transaction(async (tx) => {
        await t.services.ledger.transfer(tx, request);
        throw new Error('the caller fails after the transfer');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await transferExists(db(), request.idempotencyKey)).toBe(false);
    expect(await t.services.ledger.balanceOf(db(), main(id))).toBe(0n);
  });

  it('leaves nothing behind when refused, even if the caller catches the error and commits', async () => {
    const id = await insertMember(t);
    await t.services.ledger.transferNow(depositRequest(id, 1_000n));
    const refused = betRequest(id, 600n);
    await db().transaction(async (tx) => {
      await t.services.ledger.transfer(tx, betRequest(id, 500n));
      await expect(t.services.ledger.transfer(tx, refused)).rejects.toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
      });
    });
    expect(await transferExists(db(), refused.idempotencyKey)).toBe(false);
    expect(await t.services.ledger.balanceOf(db(), main(id))).toBe(500n);
    expect(await t.services.ledger.reconcile(db())).toEqual([]);
  });

  it('returns the members to publish to; transferNow publishes only after its commit', async () => {
    const published: bigint[] = [];
    const ledger = new LedgerService({ db: db(), clock: t.clock }, () => ({
      publishBalance: (memberId: bigint) => published.push(memberId),
    }));
    const id = await insertMember(t);
    await db().transaction(async (tx) => {
      const result = await ledger.transfer(tx, depositRequest(id, 100n));
      expect(result.memberIds).toEqual([id]);
      expect(published).toEqual([]);
    });
    await ledger.transferNow(depositRequest(id, 100n));
    expect(published).toEqual([id]);
    await expect(ledger.transferNow(betRequest(id, 10_000n))).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(published).toEqual([id]);
  });
});

describe('demo money', () => {
  it('gives a new trial account trial.demoBalance on its demo wallet, once', async () => {
    const response = await t.call<{ status: string; token: string; user: { type: number; account: string } }>(
      {
        method: 'POST',
        url: '/wps/session/login/freeplay',
        remoteAddress: '10.99.0.1',
      },
    );
    expect(response.status).toBe(200);
    const session = await t.services.sessions.resolve(
      (response.body as { value: { token: string } }).value.token,
    );
    const memberId = session?.id as bigint;
    const demoBalance = await t.services.settings.get('trial.demoBalance');
    const expected = parseMoney(demoBalance);
    expect(await t.services.ledger.balanceOf(db(), accountCodes.memberDemo(memberId))).toBe(expected);
    expect(await t.services.ledger.balanceOf(db(), main(memberId))).toBe(0n);
    const [grant] = await db()
      .select()
      .from(ledgerTransfer)
      .where(eq(ledgerTransfer.idempotencyKey, `demo-grant:${memberId}`));
    expect(grant).toMatchObject({ kind: 'demo_grant', currency: 'DEMO' });
  });
});

describe('reconcile', () => {
  it('finds nothing on a healthy ledger and reports a corrupted balance column', async () => {
    expect(await t.services.ledger.reconcile(db())).toEqual([]);
    const id = await insertMember(t);
    await t.services.ledger.transferNow(depositRequest(id, 2_000n));
    await db()
      .update(ledgerAccount)
      .set({ balance: sql`${ledgerAccount.balance} + 1` })
      .where(eq(ledgerAccount.code, main(id)));
    try {
      expect(await t.services.ledger.reconcile(db())).toEqual([
        { kind: 'balance_mismatch', account: main(id), balance: 2_001n, entrySum: 2_000n },
      ]);
      const command = await t.services.operator.run(['reconcile'], 'cli:test');
      expect(command.exitCode).toBe(1);
      expect(command.output).toContain(main(id));
      expect(command.output).toContain('20.01');
    } finally {
      await db()
        .update(ledgerAccount)
        .set({ balance: sql`${ledgerAccount.balance} - 1` })
        .where(eq(ledgerAccount.code, main(id)));
    }
    expect(await t.services.operator.run(['reconcile'], 'cli:test')).toMatchObject({ exitCode: 0 });
  });

  it('reports a transfer whose entries do not sum to zero or touch another currency', async () => {
    const id = await insertMember(t);
    const result = await t.services.ledger.transferNow(depositRequest(id, 700n));
    const [demoHouse] = await db()
      .insert(ledgerAccount)
      .values({ code: 'house:demo', kind: 'house_demo', currency: 'DEMO', tracksBalance: false })
      .onConflictDoNothing()
      .returning({ id: ledgerAccount.id });
    const demoHouseId =
      demoHouse?.id ??
      (await db().select().from(ledgerAccount).where(eq(ledgerAccount.code, 'house:demo')))[0]?.id ??
      0n;
    const [stray] = await db()
      .insert(ledgerEntry)
      .values({ transferId: result.transferId, accountId: demoHouseId, amount: 5n, createdAt: t.clock.now() })
      .returning({ id: ledgerEntry.id });
    try {
      const problems = await t.services.ledger.reconcile(db());
      expect(problems).toContainEqual(
        expect.objectContaining({ kind: 'unbalanced_transfer', transferId: result.transferId, entrySum: 5n }),
      );
      expect(problems).toContainEqual(
        expect.objectContaining({
          kind: 'currency_mismatch',
          transferId: result.transferId,
          account: 'house:demo',
        }),
      );
    } finally {
      await db()
        .delete(ledgerEntry)
        .where(eq(ledgerEntry.id, stray?.id ?? 0n));
    }
    expect(await t.services.ledger.reconcile(db())).toEqual([]);
  });

  it('operator balance ACCOUNT prints the member wallets', async () => {
    const id = await insertMember(t);
    await t.services.ledger.transferNow(depositRequest(id, 12_345n));
    const found = await t.services.operator.run(['balance', await accountOf(id)], 'cli:test');
    expect(found.exitCode).toBe(0);
    expect(found.output).toMatch(/main\s+123\.45/);
    expect(await t.services.operator.run(['balance', '000000000'], 'cli:test')).toMatchObject({
      exitCode: 1,
    });
    expect(await t.services.operator.run(['balance', 'abc'], 'cli:test')).toMatchObject({ exitCode: 2 });
  });
});

async function accountOf(id: bigint): Promise<string> {
  const [row] = await db().select({ account: member.account }).from(member).where(eq(member.id, id));
  return row?.account ?? '';
}
