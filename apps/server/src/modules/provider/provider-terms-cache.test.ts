import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerVendor } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  providerHarness,
  VENDOR_CURRENCY,
  VENDOR_SECRET,
  type ProviderHarness,
} from './provider-test-support.js';

/**
 * A vendor's terms are read once per settings window, not on every call (a vendor sends thousands a
 * second). A change made through this server applies to the very next call; one written behind its
 * back (another server) shows within the window.
 */
describe("a vendor's terms reused for a window", () => {
  let t: TestApp;
  let p: ProviderHarness;
  const vendor = 'CACHEDSLOT';
  const balanceCall = () => ({
    request_uuid: randomUUID(),
    player_id: 'mbr_nobody',
    currency: VENDOR_CURRENCY,
  });

  beforeAll(async () => {
    t = await createTestApp({ config: { SETTINGS_CACHE_MS: 60_000 } });
    p = await providerHarness(t);
    await t.services.game.addVendor({ vassalage: vendor, category: 'RNG', title: 'Cached slots' });
    await t.services.provider.registerVendor({
      vendorCode: vendor,
      currency: VENDOR_CURRENCY,
      signingSecret: VENDOR_SECRET,
      allowDemo: false,
      roundTimeoutSeconds: 3600,
      roundTimeoutRule: 'lost',
    });
  });
  afterAll(async () => {
    await p.close();
    await t.close();
  });

  it('a new secret or a switch-off through this server applies to the next call', async () => {
    expect((await p.call('balance', balanceCall(), { vendor })).body.status).toBe('RS_ERROR_UNKNOWN_PLAYER');
    const rotated = `${VENDOR_SECRET}-rotated`;
    await t.services.provider.updateVendor(vendor, { signingSecret: rotated });
    expect((await p.call('balance', balanceCall(), { vendor })).body.status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await p.call('balance', balanceCall(), { vendor, secret: rotated })).body.status).toBe(
      'RS_ERROR_UNKNOWN_PLAYER',
    );
    await t.services.provider.updateVendor(vendor, { active: false });
    expect((await p.call('balance', balanceCall(), { vendor, secret: rotated })).body.status).toBe(
      'RS_ERROR_UNKNOWN_VENDOR',
    );
    await t.services.provider.updateVendor(vendor, { active: true, signingSecret: VENDOR_SECRET });
  });

  it('a change written elsewhere shows once the window has passed', async () => {
    // The change above keeps the vendor's terms unreused for one window (it may not have committed yet).
    t.clock.advance(60_001);
    expect((await p.call('balance', balanceCall(), { vendor })).body.status).toBe('RS_ERROR_UNKNOWN_PLAYER');
    await t.handle.db
      .update(providerVendor)
      .set({ active: false })
      .where(eq(providerVendor.vendorCode, vendor));
    // Within the window this server still uses the terms it read ...
    expect((await p.call('balance', balanceCall(), { vendor })).body.status).toBe('RS_ERROR_UNKNOWN_PLAYER');
    // ... and after it, the stored ones.
    t.clock.advance(60_001);
    expect((await p.call('balance', balanceCall(), { vendor })).body.status).toBe('RS_ERROR_UNKNOWN_VENDOR');
  });
});
