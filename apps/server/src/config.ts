import path from 'node:path';
import { z } from 'zod';

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
    MERCHANT_CODE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ or -, at most 32')
      .default('demo'),
    /** seed demo content and logins into an empty database */
    SEED_DEMO: booleanText.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** the built web app; served for every path outside /wps */
    WEB_DIST_DIR: unsetIfEmpty(z.string().min(1).optional()),
    /** how long settings read from the database are reused before being read again */
    SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** the site's public address, used in links sent by email (password reset) */
    PUBLIC_URL: unsetIfEmpty(z.url().optional()),
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
    /** the development outbox page and GET /wps/dev/outbox; on by default outside production */
    DEV_OUTBOX: booleanText.optional(),
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
  });
export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads the environment once; a bad value names the variable and what it expects. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * npm runs workspace scripts inside apps/server but tells us where it was started (INIT_CWD), so
 * `npm start` and `npm run operator` from the repo root find the same ./data.
 */
export function resolveDataDir(config: Config, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
}
