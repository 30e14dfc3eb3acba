import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** Settings are read once per window however many requests ask; a write is still seen at once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { SETTINGS_CACHE_MS: 1_000 } });
});
afterAll(() => t.close());

const maintenanceOn = { enabled: true, endTime: null } as const;

describe('the settings cache', () => {
  it('answers a burst of requests alike, and a write made while a read is under way is seen at once', async () => {
    t.clock.advance(5_000);
    const burst = Array.from({ length: 20 }, () => t.services.settings.get('system.maintenance'));
    const racingWrite = t.services.settings.set('system.maintenance', maintenanceOn);
    const answers = await Promise.all(burst);
    expect(new Set(answers.map((answer) => answer.enabled)).size).toBe(1);
    await racingWrite;
    expect(await t.services.settings.get('system.maintenance')).toMatchObject({ enabled: true });
    const status = await t.app.inject({ method: 'GET', url: '/wps/game/vendors' });
    expect(status.json()).toMatchObject({ success: false, code: 'MAINTENANCE' });
    await t.services.settings.reset('system.maintenance');
    expect(await t.services.settings.get('system.maintenance')).toMatchObject({ enabled: false });
  });
});
