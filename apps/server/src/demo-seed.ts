import type { Clock } from './lib/clock.js';
import type { PasswordHasher } from './lib/password-hasher.js';
import type { Rng } from './lib/rng.js';
import { DEMO_STAFF_LOGINS, seedAdminDemo } from './modules/admin/index.js';
import { DEMO_MEMBER_LOGINS, seedAuthDemo, type DemoLogin } from './modules/auth/index.js';
import { seedAgentDemo } from './modules/agent/index.js';
import { seedCashierDemo } from './modules/cashier/index.js';
import { seedContentDemo } from './modules/content/index.js';
import { seedGameDemo } from './modules/game/index.js';
import { seedLotteryDemo } from './modules/lottery/index.js';
import { seedLoyaltyDemo } from './modules/loyalty/index.js';
import { seedMissionsDemo } from './modules/missions/index.js';
import { seedProviderDemo } from './modules/provider/index.js';
import { seedSystemDemo } from './modules/system/index.js';
import { DEFAULT_DEMO_VENDOR_URL } from './config.js';
import type { Database } from './db/database.js';
import { appMeta } from './lib/lib.schema.js';

export type { DemoLogin };

const DEMO_MARKER = 'demo_seeded';

/** Printed at every start; the accounts are created with the rest of the demo content, once. */
const DEMO_LOGINS: readonly DemoLogin[] = [...DEMO_MEMBER_LOGINS, ...DEMO_STAFF_LOGINS];

/**
 * The demo seed, composed where the app is composed (app.ts): main.ts runs it at start outside
 * production, and tests that want the demo call it. Fills an empty database with demo content, once: the marker row is claimed in the same transaction,
 * so two servers starting together seed once, and content an operator later removes never returns.
 * Each module seeds its own demo data (its `<domain>.seed.ts`), through the contract's input schemas,
 * so the demo obeys the operator's rules; this only claims the marker and calls them in order.
 */
export async function seedDemoData(
  db: Database,
  deps: { clock: Clock; rng: Rng; passwords: PasswordHasher; demoVendorUrl?: string },
): Promise<readonly DemoLogin[]> {
  const now = deps.clock.now();
  let seededNow = false;
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_MARKER, value: { at: now.toISOString() } })
      .onConflictDoNothing({ target: appMeta.key })
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return;
    seededNow = true;
    const context = { tx, now, ...deps, demoVendorUrl: deps.demoVendorUrl ?? DEFAULT_DEMO_VENDOR_URL };
    await seedCashierDemo(context);
    await seedSystemDemo(context);
    await seedContentDemo(context);
    await seedGameDemo(context);
    await seedProviderDemo(context);
    await seedAuthDemo(context);
    await seedAgentDemo(context);
    await seedLoyaltyDemo(context);
    await seedMissionsDemo(context);
    await seedLotteryDemo(context);
  });
  if (seededNow) await seedAdminDemo(db, deps);
  return DEMO_LOGINS;
}
