import type { SystemStatus } from '@platform/contract/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { apiRequest, ApiError } from './api-client';
import { answerKey, resetStartUpAnswers } from './start-up-answers';

const carriedStatus: SystemStatus = {
  status: 0,
  maintenanceEnd: null,
  location: { ip: '203.0.113.9', country: 'BD' },
  customerServiceUrl: '/helpmc',
};
const servedStatus: SystemStatus = { ...carriedStatus, location: { ip: '198.51.100.1', country: 'BD' } };

/** The page as the server sends it: the answers block in the body (apps/server/src/web-page.ts). */
function carry(answers: Record<string, unknown>) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'start-up-answers';
  block.textContent = JSON.stringify(answers);
  document.body.append(block);
}

beforeEach(() => resetStartUpAnswers());
afterEach(() => {
  document.getElementById('start-up-answers')?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('answers carried by the page', () => {
  it('answer the first call to their address without a request, and only the first', async () => {
    const server = fakeServer({ 'GET /wps/system/status': () => servedStatus });
    carry({ '/wps/system/status': { success: true, value: carriedStatus } });

    await expect(apiRequest('systemStatus')).resolves.toEqual(carriedStatus);
    expect(server.calls('GET /wps/system/status')).toHaveLength(0);
    // A later call (a refetch) asks the server.
    await expect(apiRequest('systemStatus')).resolves.toEqual(servedStatus);
    expect(server.calls('GET /wps/system/status')).toHaveLength(1);
    expect(document.getElementById('start-up-answers')).toBeNull();
  });

  it('match the query whatever its order, and a different query asks the server', async () => {
    const server = fakeServer({ 'GET /wps/content/banners': () => [] });
    carry({ '/wps/content/banners?groupName=w_home&language=bn': { success: true, value: [] } });

    await apiRequest('banners', { query: { language: 'en', groupName: 'w_home' } });
    expect(server.calls('GET /wps/content/banners')).toHaveLength(1);
    await apiRequest('banners', { query: { language: 'bn', groupName: 'w_home' } });
    expect(server.calls('GET /wps/content/banners')).toHaveLength(1);
  });

  it('are not used half a minute after the page loaded: the server may have changed its mind', async () => {
    const server = fakeServer({ 'GET /wps/system/status': () => servedStatus });
    carry({ '/wps/system/status': { success: true, value: carriedStatus } });
    vi.spyOn(performance, 'now').mockReturnValue(31_000);

    await expect(apiRequest('systemStatus')).resolves.toEqual(servedStatus);
    expect(server.calls('GET /wps/system/status')).toHaveLength(1);
  });

  it('stand for a refusal as a call would: the caller gets the ApiError', async () => {
    fakeServer();
    carry({ '/wps/system/status': { success: false, code: 'MAINTENANCE' } });

    await expect(apiRequest('systemStatus')).rejects.toEqual(new ApiError('MAINTENANCE', 200));
  });

  it('never stand in for a call that changes something', async () => {
    const server = fakeServer({ 'DELETE /wps/session/logout': () => ({}) });
    carry({ '/wps/session/logout': { success: false, code: 'INTERNAL' } });

    await expect(apiRequest('logout')).resolves.toEqual({});
    expect(server.calls('DELETE /wps/session/logout')).toHaveLength(1);
  });

  it('a damaged block costs only the calls it would have saved', async () => {
    const server = fakeServer({ 'GET /wps/system/status': () => servedStatus });
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'start-up-answers';
    block.textContent = '{"/wps/system/status": {"success": tr';
    document.body.append(block);

    await expect(apiRequest('systemStatus')).resolves.toEqual(servedStatus);
    expect(server.calls('GET /wps/system/status')).toHaveLength(1);
  });
});

describe('answerKey', () => {
  it('is the address with its query sorted, as the server writes it', () => {
    expect(answerKey('/wps/promotions?language=bn&category=new_player')).toBe(
      '/wps/promotions?category=new_player&language=bn',
    );
    expect(answerKey('/wps/system/permission?url=127.0.0.1%3A4201')).toBe(
      '/wps/system/permission?url=127.0.0.1%3A4201',
    );
    expect(answerKey('/wps/game/vendors')).toBe('/wps/game/vendors');
  });
});
