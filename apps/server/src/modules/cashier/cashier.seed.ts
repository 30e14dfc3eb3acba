import type { SeedContext } from '../../lib/module.js';
import { seedDemoChannels } from './channel.service.js';

/** The demo's payment channels: a bank transfer and the sandbox gateway. */
export async function seedCashierDemo({ tx, clock, rng }: SeedContext): Promise<void> {
  await seedDemoChannels(tx, { clock, rng });
}
