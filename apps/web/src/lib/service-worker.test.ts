import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';

type ShellKind = (request: { method: string; url: string; mode: string }, origin: string) => string | null;

/** public/sw.js as the browser runs it, in a context of its own, with its decision function taken out. */
function loadWorker(): { shellKind: ShellKind; listeners: string[] } {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../public/sw.js'), 'utf8');
  const listeners: string[] = [];
  const module = { exports: {} as { shellKind?: ShellKind } };
  runInNewContext(source, {
    self: {
      addEventListener: (type: string) => listeners.push(type),
      location: { origin: 'https://site.test' },
    },
    module,
    URL,
  });
  if (!module.exports.shellKind) throw new Error('sw.js exports no shellKind');
  return { shellKind: module.exports.shellKind, listeners };
}

const origin = 'https://site.test';
const get = (url: string, mode = 'cors') => ({ method: 'GET', url, mode });

describe('the service worker', () => {
  const { shellKind, listeners } = loadWorker();

  it('installs, activates and handles fetches', () => {
    expect(listeners.sort()).toEqual(['activate', 'fetch', 'install']);
  });

  it('never touches the API, balances included, the game gateway or the WebSocket', () => {
    for (const url of [
      '/wps/wallet/balance',
      '/wps/member/info',
      '/wps/promotions/applications',
      '/wps',
      '/lgw/launch',
      '/internal/metrics',
      '/ws',
    ]) {
      expect(shellKind(get(`${origin}${url}`), origin), url).toBeNull();
      expect(shellKind(get(`${origin}${url}`, 'navigate'), origin), url).toBeNull();
    }
    expect(shellKind({ method: 'POST', url: `${origin}/assets/app.js`, mode: 'cors' }, origin)).toBeNull();
  });

  it('keeps the shell only: fingerprinted assets, the icons, and pages for offline', () => {
    expect(shellKind(get(`${origin}/assets/index-abc123.js`), origin)).toBe('asset');
    // The manifest carries the site's configured name: always fetched fresh from the server.
    expect(shellKind(get(`${origin}/manifest.webmanifest`), origin)).toBeNull();
    expect(shellKind(get(`${origin}/icons/icon-192.png`), origin)).toBe('asset');
    expect(shellKind(get(`${origin}/promoDetail/p1`, 'navigate'), origin)).toBe('page');
    // Content images, demo art and other origins are the browser's business.
    expect(shellKind(get(`${origin}/demo/promo.svg`), origin)).toBeNull();
    expect(shellKind(get('https://cdn.example.com/assets/x.js'), origin)).toBeNull();
  });
});

describe('registerServiceWorker', () => {
  it('registers /sw.js in a production build only', () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    registerServiceWorker(false, { register });
    expect(register).not.toHaveBeenCalled();
    registerServiceWorker(true, { register });
    if (document.readyState !== 'complete') window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does nothing where the browser has no service workers', () => {
    expect(() => registerServiceWorker(true, undefined)).not.toThrow();
  });
});
