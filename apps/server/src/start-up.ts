import { accessSync, constants, statSync } from 'node:fs';

/** A start-up problem the operator fixes by changing one setting: printed as one line, never a stack. */
export class StartUpError extends Error {}

export type StartUpStage = 'data directory' | 'database' | 'redis' | 'listen';

export interface StartUpContext {
  port: number;
  host: string;
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
}

/** The address without its password: the line is printed, and logs are read by more people than DBAs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * The embedded database's directory. A directory that was named (DATA_DIR set) but does not exist is
 * refused rather than created: a typo in the path would otherwise start the site on a new, empty
 * database beside the real one. The default ./data is created on first start.
 */
export function checkDataDir(dataDir: string, named: boolean): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dataDir).isDirectory();
  } catch {
    if (!named) return;
    throw new StartUpError(
      `DATA_DIR=${dataDir} does not exist: create it, or set DATA_DIR to the embedded database's directory`,
    );
  }
  if (!isDirectory) {
    throw new StartUpError(`DATA_DIR=${dataDir} is a file, not a directory: set DATA_DIR to a directory`);
  }
  try {
    accessSync(dataDir, constants.R_OK | constants.W_OK);
  } catch {
    throw new StartUpError(
      `DATA_DIR=${dataDir} is not writable by this user: change its owner or set DATA_DIR to a writable directory`,
    );
  }
}

interface ErrorFacts {
  code?: string;
  message: string;
  cause?: unknown;
}

const factsOf = (error: unknown): ErrorFacts => {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const record = error as { code?: unknown; message?: unknown; cause?: unknown };
  return {
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    message: typeof record.message === 'string' ? record.message : String(error),
    cause: record.cause,
  };
};

/** The innermost error: drivers and drizzle wrap the one that says what happened. */
function rootOf(error: unknown): ErrorFacts {
  let facts = factsOf(error);
  for (let depth = 0; depth < 5 && facts.cause !== undefined; depth += 1) {
    const inner = factsOf(facts.cause);
    if (!inner.code && facts.code) break;
    facts = inner;
  }
  return facts;
}

const firstLine = (text: string): string => text.split('\n')[0]?.trim() ?? '';

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
]);

/** One line that names the setting to change, for an error thrown at `stage`. */
export function describeStartUpFailure(error: unknown, stage: StartUpStage, context: StartUpContext): string {
  if (error instanceof StartUpError) return error.message;
  const root = rootOf(error);
  const detail = firstLine(root.message);
  switch (stage) {
    case 'listen':
      if (root.code === 'EADDRINUSE') {
        return `PORT=${context.port} is in use by another program: stop it or set PORT to a free port`;
      }
      if (root.code === 'EACCES') {
        return `PORT=${context.port} needs privileges this user does not have: set PORT to 1024 or above`;
      }
      if (root.code === 'EADDRNOTAVAIL' || root.code === 'ENOTFOUND') {
        return `HOST=${context.host} is not an address of this machine: set HOST to one (0.0.0.0 for all)`;
      }
      return `cannot listen on ${context.host}:${context.port} (${detail}): check PORT and HOST`;
    case 'database': {
      const url = context.databaseUrl
        ? `DATABASE_URL=${redactUrl(context.databaseUrl)}`
        : 'the embedded database';
      if (root.code && UNREACHABLE.has(root.code)) {
        return `${url} is unreachable (${root.code}): start PostgreSQL or correct DATABASE_URL`;
      }
      if (root.code === '28P01' || root.code === '28000') {
        return `${url} refused the login (${detail}): correct the user or password in DATABASE_URL`;
      }
      if (root.code === '3D000') return `${url}: ${detail}: create the database or correct DATABASE_URL`;
      if (/timeout|timed out/i.test(detail)) {
        return `${url} did not answer (${detail}): start PostgreSQL or correct DATABASE_URL`;
      }
      return (
        `a database migration failed on ${url} (${detail}); nothing of it was applied: ` +
        'restore the database from its backup or fix what the message names, then start again'
      );
    }
    case 'redis':
      return (
        `REDIS_URL=${context.redisUrl ? redactUrl(context.redisUrl) : ''} is unreachable (${detail}): ` +
        'start Redis, correct REDIS_URL, or unset it to keep shared counters in PostgreSQL'
      );
    case 'data directory':
      return `DATA_DIR cannot be used (${detail}): set DATA_DIR to a writable directory`;
  }
}
