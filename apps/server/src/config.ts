import path from 'node:path';
import { distance } from 'fastest-levenshtein';
import { z } from 'zod';

/** Where the demo game vendor's simulator answers when nobody says otherwise (`npm run demo-vendor`). */
export const DEFAULT_DEMO_VENDOR_URL = 'http://localhost:8081';

/** An empty variable means "not set", as shells and .env files often leave them. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const booleanText = z.enum(['true', 'false', '1', '0']).transform((text) => text === 'true' || text === '1');

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** where the embedded database keeps its files; unused when DATABASE_URL is set */
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: unsetIfEmpty(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    REDIS_URL: unsetIfEmpty(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    /** turns on Prometheus metrics at /metrics, read with `authorization: Bearer <token>` */
    METRICS_TOKEN: unsetIfEmpty(z.string().min(16, 'at least 16 characters').optional()),
    /** on SIGTERM, how long readiness fails before the server stops accepting (the proxy's check interval) */
    DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    MERCHANT_CODE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ or -, at most 32')
      .default('demo'),
    /** seed demo content and logins into an empty database; on in the demo, refused in production */
    SEED_DEMO: booleanText.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** the built web app; served for every path outside /wps */
    WEB_DIST_DIR: unsetIfEmpty(z.string().min(1).optional()),
    /** the built back-office app (apps/admin/dist); served at /admin (ADR 095) */
    ADMIN_DIST_DIR: unsetIfEmpty(z.string().min(1).optional()),
    /**
     * a listener of the back office's own (/admin and the /wps/admin calls), e.g. on an internal
     * network; when set, the public listener answers 404 for both. Unset: the back office is on PORT.
     */
    ADMIN_PORT: unsetIfEmpty(z.coerce.number().int().min(0).max(65535).optional()),
    /** the address ADMIN_PORT listens on; loopback unless said otherwise, so it is never public by accident */
    ADMIN_HOST: unsetIfEmpty(z.string().min(1).optional()),
    /** how long settings read from the database are reused before being read again */
    SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /**
     * the site's public address: links sent by email (password reset) and payment callbacks are built
     * from it, never from a request's Host header; required in production, http://localhost:PORT in the demo
     */
    PUBLIC_URL: unsetIfEmpty(
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
    ),
    /**
     * addresses (or CIDR ranges) of the reverse proxies in front of the server, comma-separated; only
     * they may tell the client's address in X-Forwarded-For. Empty: the socket's address is the client.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((text) =>
        text
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry.length > 0),
      )
      .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]))),
    /** outbox: stored only (development); http: an HTTP SMS gateway */
    SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    /** the gateway's endpoint; it receives POST {to, text} as JSON with a bearer token */
    SMS_HTTP_URL: unsetIfEmpty(z.url().optional()),
    SMS_HTTP_TOKEN: unsetIfEmpty(z.string().min(1).optional()),
    /** outbox: stored only (development); smtp: sent with nodemailer */
    EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
    /** e.g. smtps://user:pass@smtp.example.com:465 */
    SMTP_URL: unsetIfEmpty(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    EMAIL_FROM: z.string().min(3).default('Khela <no-reply@localhost>'),
    /** the development outbox page and GET /wps/dev/outbox; on in the demo, never in production */
    DEV_OUTBOX: booleanText.optional(),
    /**
     * where the demo game vendor (apps/demo-vendor, a simulator) answers: the demo seed registers its
     * launch URL and game art here; unused in production, which never seeds
     */
    DEMO_VENDOR_URL: unsetIfEmpty(
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => url.replace(/\/+$/, ''))
        .default(DEFAULT_DEMO_VENDOR_URL),
    ),
    /** argon2id hashes allowed at once; more wait in line so a burst of logins cannot starve the server */
    HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  })
  .superRefine((config, context) => {
    if (config.SMS_PROVIDER === 'http' && !config.SMS_HTTP_URL) {
      context.addIssue({
        code: 'custom',
        path: ['SMS_HTTP_URL'],
        message: 'required when SMS_PROVIDER=http',
      });
    }
    if (config.EMAIL_PROVIDER === 'smtp' && !config.SMTP_URL) {
      context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when EMAIL_PROVIDER=smtp' });
    }
    if (config.ADMIN_HOST && config.ADMIN_PORT === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['ADMIN_HOST'],
        message: 'needs ADMIN_PORT, the port to listen on',
      });
    }
    if (config.ADMIN_PORT !== undefined && config.ADMIN_PORT !== 0 && config.ADMIN_PORT === config.PORT) {
      context.addIssue({ code: 'custom', path: ['ADMIN_PORT'], message: 'must differ from PORT' });
    }
  });
export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/**
 * Production is a deliberate choice (NODE_ENV=production or --production); everything else is the
 * one-command demo with its demo data, sandbox gateway and development outbox.
 */
export const isProduction = (config: Pick<Config, 'NODE_ENV'>): boolean => config.NODE_ENV === 'production';

/** Demo data is seeded in the demo unless switched off, and never in production. */
export const seedsDemoData = (config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO'>): boolean =>
  !isProduction(config) && (config.SEED_DEMO ?? true);

/** The development outbox answers in the demo unless switched off, and never in production. */
export const servesDevOutbox = (config: Pick<Config, 'NODE_ENV' | 'DEV_OUTBOX'>): boolean =>
  !isProduction(config) && (config.DEV_OUTBOX ?? true);

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What production refuses, each as one line saying what to set. */
export function productionProblems(config: Config): string[] {
  if (!isProduction(config)) return [];
  const problems: string[] = [];
  if (!config.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL is not set: set it to the site's https address (reset links and payment callbacks use it)",
    );
  } else {
    const url = new URL(config.PUBLIC_URL);
    if (url.protocol !== 'https:' && !LOCAL_HOSTS.has(url.hostname)) {
      problems.push(`PUBLIC_URL=${config.PUBLIC_URL} is not https: set it to the site's https address`);
    }
  }
  if (config.SEED_DEMO === true) problems.push('SEED_DEMO=true: unset it, production never seeds demo data');
  if (config.DEV_OUTBOX === true) {
    problems.push('DEV_OUTBOX=true: unset it, the development outbox would show anyone SMS and email codes');
  }
  if (config.MERCHANT_CODE === 'demo') {
    problems.push('MERCHANT_CODE is the demo default: set it to your merchant code');
  }
  return problems;
}

const KNOWN_VARIABLES: readonly string[] = Object.keys(configSchema.shape);
/** Our settings' own families: a variable in one of them is meant for this server (others share the env). */
const OWN_PREFIXES = [
  'DATABASE_',
  'REDIS_',
  'MERCHANT_',
  'SEED_',
  'SETTINGS_',
  'TRUSTED_',
  'SMS_',
  'EMAIL_',
  'SMTP_',
  'HASH_',
  'METRICS_',
  'DRAIN_',
  'ADMIN_',
] as const;

/**
 * A misspelt setting (DATABSE_URL, SMTP_URI) would otherwise be ignored in silence and the server would
 * start on a default: an empty embedded database instead of the real one. Names are compared with ours
 * by edit distance (short names like PORT are left out: PGPORT and friends are other tools' settings).
 */
export function unknownVariables(env: NodeJS.ProcessEnv): { name: string; meant: string }[] {
  const found: { name: string; meant: string }[] = [];
  for (const name of Object.keys(env)) {
    if (KNOWN_VARIABLES.includes(name) || !/^[A-Z][A-Z0-9_]*$/.test(name)) continue;
    let meant: string | undefined;
    let best = Number.POSITIVE_INFINITY;
    for (const known of KNOWN_VARIABLES) {
      const edits = distance(name, known);
      if (edits < best) [best, meant] = [edits, known];
    }
    const ownPrefix = OWN_PREFIXES.some((prefix) => name.startsWith(prefix));
    const nearMiss = best <= 2 && (meant ?? '').length >= 7;
    if (meant && (nearMiss || ownPrefix)) found.push({ name, meant });
  }
  return found;
}

/**
 * Reads the environment once; a bad value names the variable and what it expects, and production
 * refuses insecure settings. `--production` on the command line is the same as NODE_ENV=production.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): Config {
  const source = argv.includes('--production') ? { ...env, NODE_ENV: 'production' } : env;
  const parsed = configSchema.safeParse(source);
  const unknown = unknownVariables(source);
  if (!parsed.success || unknown.length > 0) {
    const lines = (parsed.success ? [] : parsed.error.issues).map((issue) => {
      // A list's bad entry (TRUSTED_PROXIES.1) is reported on the variable itself.
      const name = String(issue.path[0] ?? '');
      const entry = issue.path.length > 1 ? ` (entry ${issue.path.slice(1).join('.')})` : '';
      return `  ${name}=${JSON.stringify(source[name] ?? '')}${entry}: ${issue.message}`;
    });
    for (const { name, meant } of unknown) {
      lines.push(`  ${name} is not a setting of this server: did you mean ${meant}?`);
    }
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = productionProblems(parsed.data);
  if (problems.length > 0) {
    throw new ConfigError(
      `Refusing to start in production:\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
  }
  if (isProduction(parsed.data) || parsed.data.PUBLIC_URL) return parsed.data;
  return { ...parsed.data, PUBLIC_URL: `http://localhost:${parsed.data.PORT}` };
}

/**
 * npm runs workspace scripts inside apps/server but tells us where it was started (INIT_CWD), so
 * `npm start` and `npm run operator` from the repo root find the same ./data.
 */
export function resolveDataDir(config: Config, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
}
