import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/database.js';
import { fixedClock } from '../apps/server/src/lib/clock.js';
import { csvStream } from '../apps/server/src/lib/csv.js';
import { AuditService, type AuditRow } from '../apps/server/src/modules/audit/index.js';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';

/**
 * Issue 27: a back-office CSV export of 1,000,000 rows does not load into memory (ADR 098).
 *
 * ROWS audit rows are written straight into operator_audit (well-formed, not chained: the export does
 * not read the chain), then the audit page's export (AuditService.rows, keyset batches of 1,000, through
 * lib/csv.ts's csvStream, the code GET /wps/admin/audit?format=csv sends) is written to a sink that only
 * counts bytes. The process's resident memory is sampled every 20 ms: the figure is how far it rose
 * above where it was before the export, beside the size of the CSV it wrote. pgbench -N (one client) runs
 * in the same run as the yardstick of the database's speed.
 * Run: DATABASE_URL=postgres://... NODE_OPTIONS=--expose-gc npm run bench -- csv
 */
const ROWS = Number(process.env.CSV_BENCH_ROWS ?? 1_000_000);

export interface CsvExportFigure {
  rows: number;
  bytes: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakRiseMb: number;
  /** the heap still in use after a full collection, taken every 100,000 rows (null without --expose-gc) */
  retainedMb: { first: number; max: number } | null;
}

export async function csvExportBench(
  serverUrl: string | undefined,
): Promise<{ skipped: string } | CsvExportFigure> {
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'no DATABASE_URL' };
  const scratch = await scratchDatabase(serverUrl, 'bench_csv');
  const handle = openPostgres(scratch.url, 4);
  try {
    await handle.migrate();
    await handle.db.execute(
      sql.raw(`
      INSERT INTO operator_audit (at, actor, command, detail, role, ip, target, reason, seq, prev_hash, hash)
      SELECT now() - (i || ' seconds')::interval, 'admin:finance', 'withdrawals approve',
             jsonb_build_object('withdrawal', 'W' || i, 'amount', '150.00'), 'finance', '10.0.0.' || (i % 250),
             jsonb_build_object('withdrawal', 'W' || i), 'checked the bank statement', i,
             md5('prev' || i) || md5('p' || i), md5('hash' || i) || md5('h' || i)
        FROM generate_series(1, ${ROWS}) i`),
    );
    const audit = new AuditService({ db: handle.db, clock: fixedClock(new Date()) });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    let bytes = 0;
    let rows = 0;
    const retained: number[] = [];
    const collect = global.gc;
    const started = performance.now();
    await pipeline(
      csvStream({
        filename: 'audit',
        rows: (async function* () {
          for await (const row of audit.rows({})) {
            rows += 1;
            if (collect && rows % 100_000 === 0) {
              collect();
              retained.push(process.memoryUsage().heapUsed / 1_048_576);
            }
            yield row;
          }
        })(),
        columns: [
          { header: 'seq', cell: (row: AuditRow) => row.seq },
          { header: 'at', cell: (row: AuditRow) => row.at },
          { header: 'actor', cell: (row: AuditRow) => row.actor },
          { header: 'action', cell: (row: AuditRow) => row.command },
          { header: 'target', cell: (row: AuditRow) => JSON.stringify(row.target) },
          { header: 'reason', cell: (row: AuditRow) => row.reason },
          { header: 'hash', cell: (row: AuditRow) => row.hash },
        ],
      }),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    return {
      rows,
      bytes,
      seconds,
      rssBeforeMb: rssBefore / 1_048_576,
      rssPeakRiseMb: (peak - rssBefore) / 1_048_576,
      retainedMb: retained.length > 0 ? { first: retained[0] ?? 0, max: Math.max(...retained) } : null,
    };
  } finally {
    await handle.close();
    await scratch.drop();
  }
}

export function describeCsvExport(
  figure: { skipped: string } | CsvExportFigure,
  pgbenchTps: number | null,
): string[] {
  if ('skipped' in figure) return [`  skipped: ${figure.skipped}`];
  const rowsPerSecond = figure.rows / figure.seconds;
  const lines = [
    `  ${figure.rows.toLocaleString('en')} rows, ${(figure.bytes / 1_048_576).toFixed(1)} MB of CSV in ${figure.seconds.toFixed(1)} s (${Math.round(rowsPerSecond).toLocaleString('en')} rows/s)`,
    `  resident memory: ${figure.rssBeforeMb.toFixed(0)} MB before, rose at most ${figure.rssPeakRiseMb.toFixed(1)} MB during the export (the CSV is ${(figure.bytes / 1_048_576).toFixed(0)} MB)`,
    figure.retainedMb
      ? `  heap in use after a full collection, every 100,000 rows: ${figure.retainedMb.first.toFixed(1)} MB at the first, ${figure.retainedMb.max.toFixed(1)} MB at most (flat: rows are not kept)`
      : '  (run with NODE_OPTIONS=--expose-gc for the heap retained during the export)',
  ];
  if (pgbenchTps) {
    lines.push(
      `  pgbench -N: ${pgbenchTps.toFixed(0)} tps; rows exported per pgbench transaction: ${(rowsPerSecond / pgbenchTps).toFixed(0)}`,
    );
  }
  return lines;
}
