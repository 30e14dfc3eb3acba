import type { ChainRow } from './audit.repository.js';
import { GENESIS_HASH, rowHash } from './canonical.js';

export type ChainVerdict =
  | { ok: true; rows: number; head: { seq: bigint; hash: string } | null }
  | { ok: false; rows: number; broken: { id: bigint; seq: bigint; problem: string } };

/** Rows after a seq, in seq order, at most `limit`: one batch of the walk. */
export type ChainReader = (afterSeq: bigint, limit: number) => Promise<ChainRow[]>;

/**
 * Walks the chain from seq 1, one batch at a time (memory stays flat however long the log), and stops
 * at the first row that breaks it: a gap in seq (a row deleted), a prev_hash that is not the previous
 * row's hash (a row before it removed, inserted or rewritten together with its own hash), or a hash that
 * is not its contents' (the row edited). Rows are told by id and seq.
 */
export async function verifyChain(
  read: ChainReader,
  options: { batchSize?: number } = {},
): Promise<ChainVerdict> {
  const batchSize = options.batchSize ?? 1000;
  let previous: { seq: bigint; hash: string } = { seq: 0n, hash: GENESIS_HASH };
  let rows = 0;
  for (;;) {
    const batch = await read(previous.seq, batchSize);
    for (const row of batch) {
      const problem = problemOf(row, previous);
      if (problem) return { ok: false, rows, broken: { id: row.id, seq: row.seq, problem } };
      rows += 1;
      previous = { seq: row.seq, hash: row.hash };
    }
    if (batch.length < batchSize) break;
  }
  return { ok: true, rows, head: rows === 0 ? null : previous };
}

function problemOf(row: ChainRow, previous: { seq: bigint; hash: string }): string | null {
  const expected = previous.seq + 1n;
  if (row.seq !== expected) {
    const missing =
      row.seq - expected === 1n ? `seq ${expected} is` : `seq ${expected} to ${row.seq - 1n} are`;
    return `${missing} missing: the chain skips from ${previous.seq} to ${row.seq} (a row was deleted)`;
  }
  if (row.prevHash !== previous.hash) {
    return previous.seq === 0n
      ? `prev_hash is ${row.prevHash}, not the genesis hash (rows before it were removed)`
      : `prev_hash ${row.prevHash} is not the hash of seq ${previous.seq} (${previous.hash}): a row before it was replaced, inserted or rewritten`;
  }
  const recomputed = rowHash(row);
  if (recomputed !== row.hash) {
    return `its contents do not match its hash (stored ${row.hash}, computed ${recomputed}): the row was edited`;
  }
  return null;
}
