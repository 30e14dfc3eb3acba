import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** One column of a CSV export: its header and how a row's cell is written. */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T) => string | number | bigint | boolean | Date | null | undefined;
}

/** A list answered as CSV: every row of the filter, read in batches, never the whole list at once. */
export interface CsvExport<T> {
  /** the download's file name, without the extension */
  filename: string;
  columns: readonly CsvColumn<T>[];
  rows: AsyncIterable<T>;
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is written with
 * a leading apostrophe (OWASP's CSV injection advice): a member's name must not become a formula on a
 * staff member's computer. Numbers stay numbers.
 */
function cellText(value: ReturnType<CsvColumn<unknown>['cell']>): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

/** The export as a stream of CSV text (RFC 4180 quoting by csv-stringify), with a BOM for spreadsheets. */
export function csvStream<T>(source: CsvExport<T>): Readable {
  const encoder = stringify({
    header: true,
    columns: source.columns.map((column) => column.header),
    bom: true,
  });
  const rows = Readable.from(
    (async function* () {
      for await (const row of source.rows) yield source.columns.map((column) => cellText(column.cell(row)));
    })(),
  );
  rows.on('error', (error) => encoder.destroy(error));
  return rows.pipe(encoder);
}

/**
 * Reads a list in keyset batches (after the last key of the previous batch), so a million-row export
 * keeps one batch in memory at a time.
 */
export async function* inBatches<T, K>(
  read: (after: K | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => K,
  batchSize = 1000,
): AsyncGenerator<T> {
  let after: K | null = null;
  for (;;) {
    const batch = await read(after, batchSize);
    for (const row of batch) yield row;
    const last = batch.at(-1);
    if (batch.length < batchSize || last === undefined) return;
    after = keyOf(last);
  }
}

/**
 * Every row of a paged list read a page at a time, for lists that page by number (the money queues):
 * one page in memory at a time, slower than keyset batches on a very long list.
 */
export async function* everyPage<T>(
  read: (pageNo: number) => Promise<{ list: T[]; totalPages: number }>,
): AsyncGenerator<T> {
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await read(pageNo);
    yield* page.list;
    if (page.list.length === 0 || pageNo >= page.totalPages) return;
  }
}
