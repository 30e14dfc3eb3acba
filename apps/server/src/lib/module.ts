import type { Executor } from '../db/database.js';
import type { Clock } from './clock.js';
import type { PasswordHasher } from './password-hasher.js';
import type { Rng } from './rng.js';

/**
 * What a module's demo seed gets: the transaction that claimed the demo marker (so the demo is seeded
 * once, all or nothing), the instant of seeding, and the injected clock, RNG and password hasher;
 * `demoVendorUrl` is where the demo game vendor (the simulator) answers.
 */
export interface SeedContext {
  tx: Executor;
  now: Date;
  clock: Clock;
  rng: Rng;
  passwords: PasswordHasher;
  demoVendorUrl: string;
}
