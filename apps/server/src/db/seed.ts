import type { Clock } from '../lib/clock.js';
import type { Rng } from '../lib/rng.js';
import type { Database } from './database.js';

export interface DemoLogin {
  username: string;
  password: string;
  role: string;
}

// Placeholder: the demo content seed is written with the content module.
export async function seedDemoData(_db: Database, _deps: { clock: Clock; rng: Rng }): Promise<DemoLogin[]> {
  return [];
}
