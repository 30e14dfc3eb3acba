import { pageDescription, pageDescriptions } from '@platform/contract';
import type { FastifyInstance } from 'fastify';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const DESCRIPTION_TAG = /<meta\s+name="description"[^>]*>/i;

/**
 * The web app's page with the description of the page at `pathName` in `language`, for search engines
 * and link previews that do not run the app (the app keeps it right afterwards). The server's page
 * handler calls this on the index.html it sends.
 */
export function describePage(html: string, pathName: string, language: string, siteName: string): string {
  const tag = `<meta name="description" content="${escapeXml(pageDescription(pathName, language, siteName))}" />`;
  if (DESCRIPTION_TAG.test(html)) return html.replace(DESCRIPTION_TAG, tag);
  return html.replace('</head>', `    ${tag}\n  </head>`);
}

/** The site's address with no trailing slash, or null when PUBLIC_URL is unset (never the Host header). */
const siteAddress = (publicUrl: string | undefined): string | null =>
  publicUrl ? publicUrl.replace(/\/+$/, '') : null;

export function robotsTxt(publicUrl: string | undefined): string {
  const address = siteAddress(publicUrl);
  return [
    'User-agent: *',
    // The API stays open: a crawler that runs the app needs it to draw the pages.
    'Disallow: /dev/',
    'Disallow: /game',
    'Disallow: /sandbox-gateway/',
    ...(address ? [`Sitemap: ${address}/sitemap.xml`] : []),
    '',
  ].join('\n');
}

/** The public pages (those with a description), at the site's address. */
export function sitemapXml(publicUrl: string): string {
  const address = siteAddress(publicUrl) ?? '';
  const urls = Object.keys(pageDescriptions).map(
    (pathName) => `  <url><loc>${escapeXml(`${address}${pathName}`)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt and sitemap.xml, built from PUBLIC_URL. */
export function registerSeoRoutes(app: FastifyInstance, publicUrl: string | undefined): void {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(publicUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) => {
    if (!publicUrl) return reply.code(404).type('text/plain; charset=utf-8').send('PUBLIC_URL is not set');
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(publicUrl));
  });
}
