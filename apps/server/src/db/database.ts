import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A repository method takes either the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The migrations folder is apps/server/drizzle: two levels up from src/db when running the source,
 * one level up from dist/ when running the build.
 */
export const migrationsFolder = ((): string => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  return (
    candidates.find((folder) => existsSync(path.join(folder, 'meta/_journal.json'))) ??
    (candidates[0] as string)
  );
})();
/** How many migrations this build carries (readiness waits until the database has applied them all). */
export function migrationsInBuild(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Any constant works; it only has to be the same for every instance of this server. */
const MIGRATION_LOCK_KEY = 72_410_001;

export function openPostgres(connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection closed by the server (a restart, a failover) must not crash the process:
  // the pool drops it and opens another on the next query.
  pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several servers may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Embedded PostgreSQL: files under dataDir, or in memory when dataDir is undefined. */
export function openPglite(dataDir?: string): DatabaseHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the game catalogue's name search (migration 0010) needs it, as PostgreSQL's contrib does.
  const options = { extensions: { pg_trgm } };
  const client = dataDir ? new PGlite(path.join(dataDir, 'pglite'), options) : new PGlite(options);
  guardAgainstOuterQueriesInTransactions(client);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * PGlite has one connection: a query on the outer database made from inside a transaction waits for
 * that transaction, which waits for the query — the process hangs. Such a query now fails at once with
 * a message naming the mistake. Queries from other requests (outside the transaction's async context)
 * still wait their turn as before.
 */
const transactionContext = new AsyncLocalStorage<PGlite>();

/**
 * Runs `work` as if outside any transaction: for a write deliberately queued from inside one (never
 * awaited there), which PGlite runs once the transaction lets go.
 */
export function outsideTransaction<T>(work: () => T): T {
  return transactionContext.exit(work);
}

function guardAgainstOuterQueriesInTransactions(client: PGlite): void {
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => transactionContext.run(client, () => callback(tx)))) as PGlite['transaction'];
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    if (transactionContext.getStore() === client) {
      return Promise.reject(
        new Error(
          'PGlite: a query on the outer database inside a transaction would deadlock; use the transaction (tx) ' +
            'for every query in it, and read settings before opening it',
        ),
      );
    }
    return query(...args);
  }) as PGlite['query'];
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/**
 * One hot statement by name, without the query builder: PostgreSQL parses and plans it once per
 * connection (a named prepared statement) instead of on every call. For a statement run thousands of
 * times a second (a vendor's money call, a ledger transfer). The embedded database runs the text as it
 * is; inside a transaction (which holds its own connection) `inTransaction` runs instead.
 */
export async function namedQuery<Row>(
  db: Executor,
  statement: { name: string; text: string; values: unknown[] },
  inTransaction: () => Promise<Row[]>,
): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query(statement)).rows as Row[];
  if (client instanceof PGlite) return (await client.query<Row>(statement.text, statement.values)).rows;
  return inTransaction();
}

/** The PostgreSQL pool's connections, for the metrics; undefined on the embedded database. */
export function poolStats(db: Database): { total: number; idle: number; waiting: number } | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return undefined;
  return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
