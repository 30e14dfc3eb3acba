import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPostgres, type Database } from '../../db/database.js';
import * as schema from '../../db/schema.js';
import { operatorAudit } from '../../db/schema.js';
import { fixedClock } from '../../lib/clock.js';
import { createMember, creditDeposit } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { AuditService } from './audit.service.js';
import { canonicalJson } from './canonical.js';

const ACTOR = 'cli:tester';
const onPostgres = Boolean(process.env.DATABASE_URL);

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

async function execute<Row = Record<string, unknown>>(
  t: TestApp,
  query: ReturnType<typeof sql>,
): Promise<Row[]> {
  return rowsOf<Row>(await t.handle.db.execute(query));
}

/** The row hash as the migration computes it, from the row's columns (with an actor of the caller's choosing). */
const sqlRowHash = (
  actor = sql.raw('actor'),
) => sql`encode(sha256(convert_to(operator_audit_canonical(jsonb_build_object(
  'seq', seq::text, 'at', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
  'actor', ${actor}, 'role', role, 'ip', ip, 'command', command, 'target', target, 'detail', detail,
  'before', before, 'after', after, 'reason', reason, 'prevHash', prev_hash)), 'UTF8')), 'hex')`;

/** The database's own message, which the driver keeps as the cause of its "Failed query". */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return `${String(error)} ${cause}`;
  }
  return 'not refused';
}

const verify = (t: TestApp) => t.services.operator.run(['audit', 'verify'], ACTOR);

/** What an owner of the table can do: switch the append-only trigger off, change rows, switch it back. */
async function asTableOwner(t: TestApp, work: () => Promise<unknown>): Promise<void> {
  await execute(t, sql`alter table operator_audit disable trigger operator_audit_no_update_delete`);
  try {
    await work();
  } finally {
    await execute(t, sql`alter table operator_audit enable trigger operator_audit_no_update_delete`);
  }
}

/** Five rows of the kinds callers write: plain, with the new fields, with a target, nested, not ASCII. */
async function writeChain(t: TestApp): Promise<void> {
  const { audit } = t.services;
  await audit.record(ACTOR, 'settings set', null, { key: 'site.name', value: 'Demo' });
  await audit.record(
    { admin: { username: 'fin', role: 'finance' } },
    'adjust',
    { member: 'm_1' },
    { amount: '10.00' },
    { ip: '203.0.113.9', before: { balance: '5.00' }, after: { balance: '15.00' }, reason: 'goodwill' },
  );
  await audit.record('system:raffles', 'raffles draw', { raffle: 'r_1' }, { winners: 3, ratio: 0.1 });
  await audit.record(ACTOR, 'content', null, { list: [1, { b: 2, a: [true, null] }], empty: {}, none: [] });
  await audit.record(ACTOR, 'note', { member: 'm_2' }, { text: 'টাকা "quoted"\n\ttab \u0001 😀', é: 'x' });
}

const seqOf = async (t: TestApp, seq: number) =>
  (await execute<{ id: string }>(t, sql`select id::text as id from operator_audit where seq = ${seq}`))[0]
    ?.id;

describe('the hash-chained audit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await writeChain(t);
  });
  afterAll(() => t.close());

  it('chains each row to the one before it and verifies through the operator tool', async () => {
    const rows = await t.handle.db.select().from(operatorAudit).orderBy(operatorAudit.seq);
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, i) => BigInt(i + 1)));
    expect(rows[0]?.prevHash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);

    const result = await verify(t);
    expect(result).toMatchObject({ exitCode: 0 });
    expect(result.output).toContain(`The audit chain holds: ${rows.length} rows.`);
    expect(result.output).toContain(rows.at(-1)?.hash);
  });

  it('keeps what the caller gave: who, role, address, object, before and after, reason', async () => {
    const [row] = await t.handle.db
      .select()
      .from(operatorAudit)
      .where(sql`${operatorAudit.command} = 'adjust'`);
    expect(row).toMatchObject({
      actor: 'admin:fin',
      role: 'finance',
      ip: '203.0.113.9',
      target: { member: 'm_1' },
      // existing readers find the target and details in detail, as before
      detail: { member: 'm_1', amount: '10.00' },
      before: { balance: '5.00' },
      after: { balance: '15.00' },
      reason: 'goodwill',
    });
  });

  it('writes the canonical form in TypeScript exactly as the database function does', async () => {
    const values: unknown[] = [
      { b: 1, a: 2, aa: { z: [], y: {} }, B: null, é: 'ü', '😀': 1, '\uffff': 2 },
      ['x', 1.5, -0.25, 0, 123456789012, true, false, null, 'line\nbreak "q" \\ / \u0007 \u001f \u007f'],
      'টাকা',
      42,
      null,
    ];
    for (const value of values) {
      const [row] = await execute<{ text: string }>(
        t,
        sql`select operator_audit_canonical(${JSON.stringify(value)}::jsonb) as text`,
      );
      expect(row?.text).toBe(canonicalJson(value));
    }
  });

  it('stores hashes the database recomputes the same way from the rows (the migration form)', async () => {
    const rows = await execute<{ seq: string; same: boolean }>(
      t,
      sql`select seq::text as seq, hash = ${sqlRowHash()} as same from operator_audit order by seq`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((row) => !row.same)).toEqual([]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    expect(await refusal(execute(t, sql`update operator_audit set detail = '{}' where seq = 1`))).toContain(
      'append-only: UPDATE refused',
    );
    expect(await refusal(execute(t, sql`delete from operator_audit where seq = 1`))).toContain(
      'append-only: DELETE refused',
    );
    expect(await refusal(execute(t, sql`truncate operator_audit`))).toContain(
      'append-only: TRUNCATE refused',
    );
    expect(await verify(t)).toMatchObject({ exitCode: 0 });
  });

  it('keeps admin API and operator tool actions in the same chain', async () => {
    const member = await createMember(t);
    await creditDeposit(t, member, '100', 'audit-chain-1');
    const settings = await t.services.operator.run(
      ['settings', 'set', 'referral.reward', '{"rateBp":100,"max":"5.00"}'],
      ACTOR,
    );
    const rows = await t.services.audit.recent(3);
    expect(rows.map((row) => row.actor)).toContain(ACTOR);
    expect(rows.some((row) => row.actor.startsWith('admin:') && row.command.includes('deposit'))).toBe(true);
    expect(settings.exitCode).toBe(0);
    expect(await verify(t)).toMatchObject({ exitCode: 0 });
  });
});

describe('verify finds the first broken row', () => {
  let t: TestApp;
  afterEach(() => t.close());
  const fresh = async () => {
    t = await createTestApp();
    await writeChain(t);
    expect(await verify(t)).toMatchObject({ exitCode: 0 });
  };

  it('an edited row (its detail changed)', async () => {
    await fresh();
    const id = await seqOf(t, 3);
    await asTableOwner(t, () =>
      execute(t, sql`update operator_audit set detail = jsonb_set(detail, '{winners}', '30') where seq = 3`),
    );
    const result = await verify(t);
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain(`broken at row id ${id} (seq 3)`);
    expect(result.output).toContain('the row was edited');
    expect(result.output).toContain('2 rows before it hold');
  });

  it('an edited row whose own hash was recomputed too: the next row no longer points at it', async () => {
    await fresh();
    await asTableOwner(t, () =>
      execute(
        t,
        sql`update operator_audit set actor = 'cli:someone-else', hash = ${sqlRowHash(sql`'cli:someone-else'`)}
            where seq = 3`,
      ),
    );
    const result = await verify(t);
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain(`broken at row id ${await seqOf(t, 4)} (seq 4)`);
    expect(result.output).toContain('is not the hash of seq 3');
  });

  it('a deleted row', async () => {
    await fresh();
    const next = await seqOf(t, 3);
    await asTableOwner(t, () => execute(t, sql`delete from operator_audit where seq = 2`));
    const result = await verify(t);
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain(`broken at row id ${next} (seq 3)`);
    expect(result.output).toContain('seq 2 is missing');
  });

  it('two rows swapped in the order', async () => {
    await fresh();
    const third = await seqOf(t, 3);
    await asTableOwner(t, async () => {
      await execute(t, sql`update operator_audit set seq = -1 where seq = 2`);
      await execute(t, sql`update operator_audit set seq = 2 where seq = 3`);
      await execute(t, sql`update operator_audit set seq = 3 where seq = -1`);
    });
    const result = await verify(t);
    expect(result.exitCode).toBe(1);
    // the old third row now stands second: its hash covered seq 3
    expect(result.output).toContain(`broken at row id ${third} (seq 2)`);
  });

  it('a row inserted into the middle, well formed, the rows after it moved up one', async () => {
    await fresh();
    const third = await seqOf(t, 3);
    await asTableOwner(t, async () => {
      // an owner can drop the one-child-per-row backstop too
      await execute(t, sql`alter table operator_audit drop constraint operator_audit_prev_hash_unique`);
      await execute(t, sql`update operator_audit set seq = -seq where seq >= 3`);
      await execute(t, sql`update operator_audit set seq = -seq + 1 where seq < 0`);
      await execute(
        t,
        sql`insert into operator_audit (at, actor, command, detail, seq, prev_hash, hash)
            select at, 'cli:forger', 'withdrawals approve', '{}', 3, hash, '' from operator_audit where seq = 2`,
      );
      await execute(t, sql`update operator_audit set hash = ${sqlRowHash()} where actor = 'cli:forger'`);
    });
    const result = await verify(t);
    expect(result.exitCode).toBe(1);
    // the forged row itself holds; the row it pushed down no longer follows from it
    expect(result.output).toContain(`broken at row id ${third} (seq 4)`);
  });

  it('a forged row appended at the end that does not point at the head', async () => {
    await fresh();
    await execute(
      t,
      sql`insert into operator_audit (at, actor, command, detail, seq, prev_hash, hash)
          values (now(), 'cli:forger', 'x', '{}', 6, repeat('a', 64), repeat('b', 64))`,
    );
    const result = await verify(t);
    expect(result.exitCode).toBe(1);
    expect(result.output).toMatch(/\(seq 6\): prev_hash a{64} is not the hash of seq 5/);
  });

  it('walks in batches: a break past the first batch is found', async () => {
    await fresh();
    for (let i = 0; i < 30; i += 1) await t.services.audit.record(ACTOR, 'bulk', null, { i });
    expect(await t.services.audit.verify({ batchSize: 7 })).toMatchObject({ ok: true, rows: 35 });
    await asTableOwner(t, () => execute(t, sql`update operator_audit set reason = 'later' where seq = 29`));
    expect(await t.services.audit.verify({ batchSize: 7 })).toMatchObject({
      ok: false,
      rows: 28,
      broken: { seq: 29n },
    });
  });
});

describe('appends at once never fork the chain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('50 records, each in its own transaction, at the same time', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.handle.db.transaction((tx) => t.services.audit.record(ACTOR, 'parallel', null, { i }, { tx })),
      ),
    );
    expect(await t.services.audit.verify()).toMatchObject({ ok: true, rows: 50 });
  });

  it.skipIf(!onPostgres)('two servers on the same database, each with its own connections', async () => {
    const other = await createTestApp({ beside: t });
    const second = openPostgres(t.handle.url ?? '', 10);
    const third = new AuditService({ db: second.db, clock: fixedClock(new Date('2026-11-21T09:00:00Z')) });
    try {
      const before = await t.services.audit.verify();
      const writers = [t.services.audit, other.services.audit, third];
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => {
          const writer = writers[i % writers.length] as AuditService;
          return i % 2 === 0
            ? writer.record(ACTOR, 'two servers', null, { i })
            : (i % 3 === 0 ? second.db : t.handle.db).transaction((tx) =>
                writer.record(ACTOR, 'two servers', null, { i }, { tx }),
              );
        }),
      );
      expect(before.ok).toBe(true);
      expect(await third.verify()).toMatchObject({ ok: true, rows: before.rows + 60 });
    } finally {
      await other.close();
      await second.close();
    }
  });
});

describe.skipIf(onPostgres)('backup and restore of the embedded database', () => {
  it('keeps the chain as it was: the restored rows verify, with the same ids and seqs', async () => {
    const t = await createTestApp();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'audit-backup-'));
    try {
      await writeChain(t);
      const file = path.join(dir, 'site.tar.gz');
      expect(await t.services.operator.run(['backup', file], ACTOR)).toMatchObject({ exitCode: 0 });
      const original = await t.handle.db.select().from(operatorAudit).orderBy(operatorAudit.seq);

      // as `operator restore` opens a backup
      const restored = new PGlite({ loadDataDir: new Blob([readFileSync(file)]), extensions: { pg_trgm } });
      try {
        const db = drizzle(restored, { schema }) as unknown as Database;
        const audit = new AuditService({ db, clock: fixedClock(new Date()) });
        const rows = await db.select().from(operatorAudit).orderBy(operatorAudit.seq);
        // the backup's own row is written after the copy was taken
        expect(rows).toEqual(original.filter((row) => row.command !== 'backup'));
        expect(await audit.verify()).toMatchObject({ ok: true, rows: rows.length });
        await audit.record(ACTOR, 'after restore', null, {});
        expect(await audit.verify()).toMatchObject({ ok: true, rows: rows.length + 1 });
      } finally {
        await restored.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await t.close();
    }
  });
});

describe('a database migrated from before the chain', () => {
  it('chains the rows it had, so they verify in TypeScript, and new rows continue the chain', async () => {
    // the migrations up to the one before the chain, in a folder of their own
    const folder = mkdtempSync(path.join(os.tmpdir(), 'audit-migrations-'));
    try {
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalPath = path.join(folder, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_audit_hash_chain'));
      expect(at).toBeGreaterThan(0);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

      const client = new PGlite({ extensions: { pg_trgm } });
      const db = drizzle(client, { schema });
      try {
        await migrate(db, { migrationsFolder: folder });
        // as the old code wrote them, and one with the database's clock (microseconds)
        await client.query(
          `insert into operator_audit (at, actor, command, detail) values
             ('2026-01-02T03:04:05.678Z', 'cli:old', 'settings set', '{"key":"a","value":1.5}'),
             ('2026-01-02T03:04:06Z', 'admin:x', 'adjust', '{"member":"m","note":"টাকা \\"q\\"\\n"}'),
             (now(), 'system:job', 'raffles draw', '{"list":[3,{"b":1,"a":null}]}')`,
        );
        await migrate(db, { migrationsFolder });
        const audit = new AuditService({ db: db as unknown as Database, clock: fixedClock(new Date()) });
        expect(await audit.verify()).toMatchObject({ ok: true, rows: 3 });
        await audit.record(ACTOR, 'after', null, {});
        expect(await audit.verify()).toMatchObject({ ok: true, rows: 4 });
      } finally {
        await client.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
