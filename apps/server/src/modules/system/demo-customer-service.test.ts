import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemStatus } from '@platform/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO_CUSTOMER_SERVICE_PATH } from './demo-customer-service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo customer service page', () => {
  it('answers in Bengali and English, as a page that runs no script', async () => {
    const response = await t.app.inject({ method: 'GET', url: DEMO_CUSTOMER_SERVICE_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('গ্রাহক সেবা');
    expect(response.body).toContain('Customer service');
    expect(response.body).not.toContain('<script');
  });

  it('is reachable during maintenance, when the API and the web app are closed to visitors', async () => {
    const url = 'https://chat.example/live';
    await t.services.settings.set('site.customerService', {
      entries: [{ type: 3, url: DEMO_CUSTOMER_SERVICE_PATH }],
      vipUrl: null,
    });
    await t.services.settings.set('system.maintenance', { enabled: true, endTime: null });
    try {
      const status = await t.call<SystemStatus>({ method: 'GET', url: '/wps/system/status' });
      expect(status.body).toMatchObject({
        success: true,
        value: { status: 1, customerServiceUrl: DEMO_CUSTOMER_SERVICE_PATH },
      });
      const refused = await t.call({ method: 'GET', url: '/wps/system/permission' });
      expect(refused.status).toBe(503);
      const page = await t.app.inject({ method: 'GET', url: DEMO_CUSTOMER_SERVICE_PATH });
      expect(page.statusCode).toBe(200);

      // An operator's own chat address is what the status hands out.
      await t.services.settings.set('site.customerService', { entries: [{ type: 3, url }], vipUrl: null });
      const changed = await t.call<SystemStatus>({ method: 'GET', url: '/wps/system/status' });
      expect(changed.body).toMatchObject({ value: { customerServiceUrl: url } });
    } finally {
      await t.services.settings.reset('system.maintenance');
      await t.services.settings.reset('site.customerService');
    }
  });

  it('is not mounted in production, where the operator sets the chat provider', async () => {
    const production = await createTestApp({ config: { NODE_ENV: 'production' } });
    try {
      const response = await production.app.inject({ method: 'GET', url: DEMO_CUSTOMER_SERVICE_PATH });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
