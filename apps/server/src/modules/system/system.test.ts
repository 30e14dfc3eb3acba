import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission, SystemStatus } from '@platform/contract';
import { createTestApp, TEST_MERCHANT, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /wps/system/status', () => {
  it('answers 0 with the caller location when nothing is set', async () => {
    const { status, body } = await t.call<SystemStatus>({ method: 'GET', url: '/wps/system/status' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, value: { status: 0, maintenanceEnd: null } });
  });

  it('refuses a request that names another merchant', async () => {
    const { status, body } = await t.call({
      method: 'GET',
      url: '/wps/system/status',
      headers: { 'x-merchant-code': `${TEST_MERCHANT}x` },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'MERCHANT_MISMATCH' });
  });
});

describe('GET /wps/system/permission: money as the deployment shows it', () => {
  it('names the one currency, the locale of each language and the welcome offer, from settings', async () => {
    const { body } = await t.call<Permission>({ method: 'GET', url: '/wps/system/permission' });
    expect(body).toMatchObject({
      success: true,
      value: {
        info: {
          currency: { code: 'BDT', locales: { bn: 'bn-BD', en: 'en-BD' } },
          welcomeBonus: { percent: 100, upTo: '10000.00' },
        },
      },
    });
  });

  it('follows the operator: another currency, and no welcome offer', async () => {
    await t.services.settings.set('site.currency', { code: 'INR', locales: { bn: 'bn-IN', en: 'en-IN' } });
    await t.services.settings.set('promotion.welcomeBonus', {
      enabled: false,
      percent: 100,
      upTo: '10000.00',
    });
    try {
      const { body } = await t.call<Permission>({ method: 'GET', url: '/wps/system/permission' });
      expect(body).toMatchObject({
        value: {
          info: { currency: { code: 'INR', locales: { bn: 'bn-IN', en: 'en-IN' } }, welcomeBonus: null },
        },
      });
    } finally {
      await t.services.settings.reset('site.currency');
      await t.services.settings.reset('promotion.welcomeBonus');
    }
  });
});
