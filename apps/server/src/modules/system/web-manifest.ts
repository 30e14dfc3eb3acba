import type { FastifyInstance } from 'fastify';
import type { SettingsService } from './settings.service.js';

/** Home screens cut a longer short name; a longer site name is cut at a word when one fits. */
const SHORT_NAME_MAX = 12;

export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= SHORT_NAME_MAX) return trimmed;
  const firstWord = trimmed.split(/\s+/)[0] ?? trimmed;
  return firstWord.length <= SHORT_NAME_MAX ? firstWord : trimmed.slice(0, SHORT_NAME_MAX);
}

/**
 * The installable app's manifest (ADR 081, 084), named after the site's configured name (`site.name`)
 * in its default language: a white-labelled site installs under its own name, and a renamed site's
 * next manifest fetch shows the new one (no-cache, and the service worker leaves it to the network).
 */
export function webManifest(settings: { name: string; language: string }) {
  return {
    name: settings.name,
    short_name: shortNameOf(settings.name),
    lang: settings.language,
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#0b1120',
    theme_color: '#0b1120',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export function registerWebManifestRoute(app: FastifyInstance, settings: Pick<SettingsService, 'get'>): void {
  app.get('/manifest.webmanifest', async (_request, reply) => {
    const [name, language] = await Promise.all([
      settings.get('site.name'),
      settings.get('site.defaultLanguage'),
    ]);
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webManifest({ name, language })));
  });
}
