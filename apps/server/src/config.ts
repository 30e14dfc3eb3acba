import path from 'node:path';
import { z } from 'zod';

/** An empty variable means "not set", as shells and .env files often leave them. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const booleanText = z.enum(['true', 'false', '1', '0']).transform((text) => text === 'true' || text === '1');

export const configSchema = z.object({
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
