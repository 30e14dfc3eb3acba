import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, sendFailure } from './lib/failure.js';
import { serializePolicy } from './lib/security-headers.js';
import { inlineScriptHashes, pickEncoding } from './web-page.js';

/**
 * The back-office app (apps/admin, ADR 095): its page at /admin and every /admin/<page>, its files
 * under /admin/assets, with a policy of its own and never indexed. Optionally on a listener of its own
 * (ADMIN_PORT), so an operator can keep it on an internal network; then the public listener answers
 * 404 for the back office and its calls.
 */

/** The page and everything under it. */
const isAdminPath = (urlPath: string) => urlPath === '/admin' || urlPath.startsWith('/admin/');
/** The staff calls (contract access `{ admin: roles }`, all under /wps/admin/) and the login's captcha. */
const isAdminApiPath = (urlPath: string) => urlPath.startsWith('/wps/admin/') || urlPath === '/wps/captcha';

/** Requests that came in on the back office's own listener (adminListener below). */
const fromAdminListener = new WeakSet<IncomingMessage>();

/**
 * The back office's Content-Security-Policy: stricter than the player site's. Its own scripts only
 * (an inline script only by its hash; the built page has none), its own styles (no 'unsafe-inline':
 * React sets styles through the DOM, which a policy does not govern), images from itself and as data
 * (the login's captcha) or blob (a file chosen for upload), calls to itself only, no frames at all.
 */
export function adminContentSecurityPolicy(inlineScriptHashes: readonly string[] = []): string {
  return serializePolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/** Staff pages and files are nobody's search result, whatever a robots.txt says. */
const ROBOTS = 'noindex, nofollow';

/** The built index.html, compressed once at start (it never changes while the process runs). */
class AdminPage {
  readonly policy: string;
  private readonly plain: Buffer;
  private readonly brotli: Buffer;
  private readonly gzip: Buffer;

  constructor(adminDist: string) {
    const html = readFileSync(path.join(adminDist, 'index.html'), 'utf8');
    this.policy = adminContentSecurityPolicy(inlineScriptHashes(html));
    this.plain = Buffer.from(html);
    this.brotli = brotliCompressSync(this.plain, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    this.gzip = gzipSync(this.plain, { level: 9 });
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('content-security-policy', this.policy)
      .header('x-robots-tag', ROBOTS)
      .header('referrer-policy', 'same-origin')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(encoding === 'br' ? this.brotli : encoding === 'gzip' ? this.gzip : this.plain);
  }
}

export interface AdminAppOptions {
  /** the built back-office app (apps/admin/dist); without its index.html, /admin answers 404 */
  adminDist: string | undefined;
  /** the back office has a listener of its own (ADMIN_PORT): the public one refuses it */
  ownListener: boolean;
}

/**
 * Registers the back office: its files, its page, and, with a listener of its own, which listener
 * answers what. Call before the player site's static files and not-found page (app.ts).
 */
export async function registerAdminApp(app: FastifyInstance, options: AdminAppOptions): Promise<void> {
  if (options.ownListener) {
    app.addHook('onRequest', async (request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '';
      const admin = fromAdminListener.has(request.raw);
      // The public listener knows nothing of the back office; the back office's serves nothing else.
      const refused = admin
        ? !isAdminPath(urlPath) && !isAdminApiPath(urlPath)
        : isAdminPath(urlPath) || urlPath.startsWith('/wps/admin/');
      if (refused) return sendFailure(reply, fail('NOT_FOUND'));
    });
  }

  const dist = options.adminDist;
  const page = dist && existsSync(path.join(dist, 'index.html')) ? new AdminPage(dist) : undefined;
  if (!dist || !page) return;

  const assets = path.join(dist, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/admin/assets/',
      // The player site's registration owns reply.sendFile; this one only serves its folder.
      decorateReply: false,
      index: false,
      // The build writes .br and .gz beside each text file; a browser gets the smallest it accepts.
      preCompressed: true,
      setHeaders: (res) => {
        // Vite fingerprints every file here, so none ever changes under the same name.
        res.header('cache-control', 'public, max-age=31536000, immutable');
        res.header('x-robots-tag', ROBOTS);
      },
    });
  }

  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    // A missing file (a chunk of an older build, a guessed name) is 404, never the page: parsed as a
    // script, the page would only fail later and less clearly.
    if (
      urlPath.startsWith('/admin/assets/') ||
      /\.[a-z0-9]+$/i.test(urlPath.slice(urlPath.lastIndexOf('/') + 1))
    ) {
      return sendFailure(reply, fail('NOT_FOUND'));
    }
    return page.send(request, reply);
  };
  // /admin, /admin/ and every page below: the app's router draws the page from the address.
  app.get('/admin', answerPage);
  app.get('/admin/', answerPage);
  app.get('/admin/*', answerPage);
}

/**
 * The back office's own listener (ADMIN_PORT): the same app, each request marked as having come in
 * here, so registerAdminApp's hook lets it reach the back office and nothing else. Listen on it after
 * app.ready().
 */
export function adminListener(app: FastifyInstance): Server {
  const server = createServer((request, response) => {
    fromAdminListener.add(request);
    app.routing(request, response);
  });
  // As the public server: a slow client may not hold a socket open without sending its request.
  server.headersTimeout = app.server.headersTimeout;
  server.requestTimeout = app.server.requestTimeout;
  server.keepAliveTimeout = app.server.keepAliveTimeout;
  return server;
}
