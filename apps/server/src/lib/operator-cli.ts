import { parseArgs } from 'node:util';
import type { LocalizedText } from '@platform/contract';
import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * The toolkit of the operator tool's commands. Each module declares its own commands with it (its
 * `<domain>.operator.ts`); the operator module only dispatches them, audits and prints.
 */

export interface OperatorResult {
  /** 0 done, 1 refused (bad value, not found), 2 the command line itself was wrong */
  exitCode: number;
  output: string;
}

export interface Outcome {
  output: string;
  /** 0 unless said otherwise (reconcile answers 1 when the books disagree) */
  exitCode?: number;
  /**
   * present when something changed and the service did not audit it itself: the operator module
   * records it with the caller as the actor
   */
  audit?: {
    command: string;
    detail: Record<string, unknown>;
    /** what it acted on, and its values before and after (the audit page's diff) */
    target?: Record<string, unknown>;
    before?: unknown;
    after?: unknown;
  };
}

export interface CommandContext {
  /** `cli:<user>`, as the operator tool saw it */
  actor: string;
}

export type CommandHandler = (args: string[], context: CommandContext) => Promise<Outcome>;

/**
 * A module's commands: the usage lines of each topic (in the order help prints them) and a handler
 * per first word of the command line.
 */
export interface OperatorCommands {
  usage: Readonly<Record<string, readonly string[]>>;
  commands: Readonly<Record<string, CommandHandler>>;
}

/** A command line that cannot be understood; answered with the usage of that command. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/** `Usage:` and the indented lines of the given topics. */
export const usageText = (lines: readonly string[]): string =>
  ['Usage:', ...lines.map((line) => `  ${line}`)].join('\n');

/** The usage printer of one module's topics. */
export function usagePrinter<T extends string>(
  usage: Readonly<Record<T, readonly string[]>>,
): (...topics: T[]) => string {
  return (...topics) => usageText(topics.flatMap((topic) => usage[topic]));
}

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;
type ParsedValues<O extends OptionSpec> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};

/** node:util parseArgs with the topic's usage on every mistake; positionals are returned beside the options. */
export function parse<O extends OptionSpec>(
  args: string[],
  options: O,
  usage: string,
  positionalCount: number,
): { values: ParsedValues<O>; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), usage);
  }
  if (parsed.positionals.length !== positionalCount) {
    const expected = positionalCount === 0 ? 'no' : String(positionalCount);
    throw new UsageError(
      `expected ${expected} argument${positionalCount === 1 ? '' : 's'} here, got: ${parsed.positionals.join(' ') || 'none'}`,
      usage,
    );
  }
  return { values: parsed.values as ParsedValues<O>, positionals: parsed.positionals };
}

export function requireFlag(value: string | undefined, flag: string, usage: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`missing --${flag}`, usage);
  return value;
}

export function optionalInteger(value: string | undefined, flag: string, usage: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d{1,7}$/.test(value.trim()))
    throw new UsageError(`--${flag} must be a whole number, got ${value}`, usage);
  return Number(value);
}

/** The text of one field in Bengali and English, from --NAME-bn and --NAME-en. */
export function textFlags(
  values: Record<string, string | boolean | undefined>,
  name: string,
  usage: string,
): LocalizedText {
  const read = (flag: string) => {
    const value = values[flag];
    return requireFlag(typeof value === 'string' ? value : undefined, flag, usage);
  };
  return { bn: read(`${name}-bn`), en: read(`${name}-en`) };
}

export const textOptions = (...names: string[]): OptionSpec =>
  Object.fromEntries(
    names.flatMap((name) => [
      [`${name}-bn`, { type: 'string' }],
      [`${name}-en`, { type: 'string' }],
    ]),
  );

/** A text pair that may be left out: neither flag gives undefined, one without the other is a mistake. */
export function optionalTextFlags(
  values: Record<string, string | boolean | undefined>,
  name: string,
  usage: string,
): LocalizedText | undefined {
  const bn = values[`${name}-bn`];
  const en = values[`${name}-en`];
  if (bn === undefined && en === undefined) return undefined;
  if (typeof bn !== 'string' || typeof en !== 'string') {
    throw new UsageError(`--${name}-bn and --${name}-en go together`, usage);
  }
  return { bn, en };
}

/**
 * A flag meant as a whole number, for a contract schema to check: digits become a number, anything
 * else stays text (the schema then refuses it as not a number, naming the flag).
 */
export const wholeNumber = (value: string | undefined): number | string | undefined =>
  value !== undefined && /^-?\d{1,12}$/.test(value.trim()) ? Number(value) : value;

/** `--FLAG yes|no`. */
export function yesNo(value: string | undefined, flag: string, usage: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'yes' && value !== 'no') throw new UsageError(`--${flag} is yes or no`, usage);
  return value === 'yes';
}

/**
 * The operator's input checked by the contract's schema, as the admin call's body is, so the operator
 * tool and the admin API refuse the same things. The first problem is the usage error, named by the
 * flag the operator typed (`flags` maps a field to its flag; unmapped fields keep their path).
 */
export function contractInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  flags: Record<string, string>,
  usage: string,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  const head = String(issue?.path[0] ?? '');
  throw new UsageError(`${flags[path] ?? flags[head] ?? path}: ${issue?.message ?? 'invalid'}`, usage);
}

/** Issues name the service's fields; the operator typed flags. */
function renamePaths(error: unknown, flags: Record<string, string>): unknown {
  if (!(error instanceof AppError) || !error.issues) return error;
  return new AppError(
    error.code,
    error.message,
    error.issues.map((issue) => {
      const [head = '', ...rest] = issue.path.split('.');
      const flag =
        flags[issue.path] ??
        (flags[head] ? `${flags[head]}${rest.length ? `.${rest.join('.')}` : ''}` : issue.path);
      return { path: flag, message: issue.message };
    }),
  );
}

export async function withFlags<T>(flags: Record<string, string>, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw renamePaths(error, flags);
  }
}

/** `list [--status S] [--page N]`, shared by the cashier queues. */
export function pagedStatusQuery(
  args: string[],
  usage: string,
): { status: string | undefined; pageNo: number } {
  const { values } = parse(args, { status: { type: 'string' }, page: { type: 'string' } }, usage, 0);
  const pageNo = optionalInteger(values.page, 'page', usage) ?? 1;
  if (pageNo < 1) throw new UsageError('--page must be 1 or more', usage);
  return { status: values.status, pageNo };
}

/** A missing or unknown subcommand, answered with the usage of its topic. */
export function unknownCommand(topic: string, sub: string | undefined, usage: string): UsageError {
  return new UsageError(sub ? `unknown ${topic} command: ${sub}` : `${topic} needs a command`, usage);
}

/** `<command> ID`: removes one thing and audits it. */
export async function removeOne(
  args: string[],
  usage: string,
  command: string,
  remove: (id: string) => Promise<void>,
): Promise<Outcome> {
  const [id = ''] = parse(args, {}, usage, 1).positionals;
  await remove(id);
  return { output: `${id} removed`, audit: { command, detail: { id } } };
}

/** Plain aligned columns: operators read this in a terminal. */
export function table(header: string[], rows: string[][]): string {
  if (rows.length === 0) return '(none)';
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  return all
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export const iso = (date: Date | null): string => (date ? date.toISOString() : '-');
export const clip = (text: string, length = 40): string =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;
