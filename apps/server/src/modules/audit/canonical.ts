import { createHash } from 'node:crypto';

/** The hash the first row points back to: nothing came before it. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * What a row's hash covers (ADR 094). `at` is written with microseconds, as the database keeps it, so
 * a row written with the database's clock still verifies; `seq` is a string, as bigints are.
 */
export interface ChainedFields {
  seq: bigint;
  at: string;
  actor: string;
  role: string | null;
  ip: string | null;
  command: string;
  target: unknown;
  detail: unknown;
  before: unknown;
  after: unknown;
  reason: string | null;
  prevHash: string;
}

/** An instant as the canonical form writes it: `2026-11-21T08:00:00.000000Z`. */
export const canonicalInstant = (at: Date): string => at.toISOString().replace(/Z$/, '000Z');

const byUtf8 = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

function write(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => byUtf8(a, b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${write(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Canonical JSON: object keys in UTF-8 byte order, no whitespace, strings escaped as JSON.stringify
 * escapes them. The value first goes through JSON as the database will store it (undefined dropped,
 * dates as text), so what is hashed at insert is what verify reads back. The migration's
 * operator_audit_canonical(jsonb) writes the same text; a test holds the two together.
 */
export function canonicalJson(value: unknown): string {
  const stored: unknown = value === undefined ? null : JSON.parse(JSON.stringify(value));
  return write(stored);
}

/** The row's canonical form: every chained field, the previous row's hash included. */
export function canonicalRow(fields: ChainedFields): string {
  // Named one by one: a row read back carries id and hash too, which the form must not cover.
  return canonicalJson({
    seq: fields.seq.toString(),
    at: fields.at,
    actor: fields.actor,
    role: fields.role,
    ip: fields.ip,
    command: fields.command,
    // a missing value and a null one are stored alike (SQL NULL), so they hash alike
    target: fields.target ?? null,
    detail: fields.detail ?? null,
    before: fields.before ?? null,
    after: fields.after ?? null,
    reason: fields.reason,
    prevHash: fields.prevHash,
  });
}

export const rowHash = (fields: ChainedFields): string =>
  createHash('sha256').update(canonicalRow(fields), 'utf8').digest('hex');
