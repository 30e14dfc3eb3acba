import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemStatus } from '@platform/contract';
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
