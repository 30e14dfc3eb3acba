import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * argon2id at OWASP's parameters (19 MiB, 2 passes, parallelism 1). Each hash holds 19 MiB and a core
 * for tens of milliseconds, so at most `concurrency` run at once and the rest wait in line: a burst of
 * logins slows down instead of exhausting memory and starving every other request.
 */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one verification and answers false: used when no account matches, so a wrong
   * username is as slow as a wrong password and response times do not tell which usernames exist.
   */
  verifyNothing(password: string): Promise<false>;
}

export function createPasswordHasher(concurrency: number): PasswordHasher {
  const limit = pLimit(concurrency);
  let dummy: Promise<string> | null = null;
  return {
    async verifyNothing(password) {
      dummy ??= limit(() => hash('no account has this password', ARGON2_OPTIONS));
      const hashed = await dummy;
      await limit(() => verify(hashed, password).catch(() => false));
      return false;
    },
    hash: (password) => limit(() => hash(password, ARGON2_OPTIONS)),
    verify: (hashed, password) =>
      limit(async () => {
        try {
          return await verify(hashed, password);
        } catch {
          // A malformed stored hash is a failed check, not a crash.
          return false;
        }
      }),
  };
}
