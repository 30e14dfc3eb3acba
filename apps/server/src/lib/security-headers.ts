import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Settings } from '@platform/contract';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy the web app runs under: its own scripts only (no inline script but the
 * page's own, allowed by hash in setPagePolicy; no eval), styles from itself (React's style
 * attributes need 'unsafe-inline' for styles, never for scripts), images also from the operator's
 * CDNs over https, no framing by anyone. `scriptOrigins` adds the operator's analytics script, read
 * from the settings for each page.
 */
export function contentSecurityPolicy(scriptOrigins: readonly string[] = []): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptOrigins],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...scriptOrigins],
    'media-src': ["'self'", 'https:'],
    // Game vendors' lobbies open in a frame over https; setPagePolicy adds each vendor's launch origin.
    'frame-src': ["'self'", 'https:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** What the page policy reads of the settings (the system module's settings service fits). */
interface SettingsReader {
  settings: { get(key: 'site.analytics'): Promise<Settings['site.analytics']> };
}

/** The origin of the operator's analytics script, if one is configured and is a plain https URL. */
export async function analyticsOrigins(services: SettingsReader): Promise<string[]> {
  const { scriptUrl } = await services.settings.get('site.analytics');
  if (!scriptUrl) return [];
  try {
    const url = new URL(scriptUrl);
    return url.protocol === 'https:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

/**
 * A page of the web app: its policy also allows the analytics script the operator configured and the
 * page's own inline scripts, each by its hash (`'sha256-…'`), never inline script in general, and
 * frames the game vendors' launch origins.
 */
export async function setPagePolicy(
  reply: FastifyReply,
  services: SettingsReader,
  inlineScriptHashes: readonly string[] = [],
  /** the game vendors' origins (their launch URLs): /game frames them and the lobby shows their art */
  frameOrigins: readonly string[] = [],
) {
  const policy = contentSecurityPolicy(await analyticsOrigins(services));
  policy['script-src']?.push(...inlineScriptHashes);
  policy['frame-src']?.push(...frameOrigins);
  // A vendor's game art comes from the vendor too (like its CDN), also over plain http in the demo.
  policy['img-src']?.push(...frameOrigins);
  reply.header('content-security-policy', serializePolicy(policy));
}

/**
 * The X-Frame-Options that says what a policy's frame-ancestors says, for browsers that read only the
 * older header: DENY for 'none', SAMEORIGIN for 'self' alone, and none at all where other origins may
 * frame (the header cannot name them, and SAMEORIGIN there would refuse the very sites allowed).
 * Without a frame-ancestors directive the policy lets anyone frame, so the header goes too.
 */
export function frameOptionsFor(policy: string): 'DENY' | 'SAMEORIGIN' | null {
  const directive = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name?.toLowerCase() === 'frame-ancestors');
  const sources = directive?.slice(1).map((source) => source.toLowerCase()) ?? [];
  if (sources.length === 1 && sources[0] === "'none'") return 'DENY';
  if (sources.length === 1 && sources[0] === "'self'") return 'SAMEORIGIN';
  return null;
}

/** An answer of the API is data, never a document: it may load nothing and be framed by no one. */
const API_POLICY: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

const noop = () => undefined;

/** Calls whose answers are data (JSON, images by id, the WebSocket), not pages of the web app. */
const isApiPath = (path: string) =>
  path.startsWith('/wps') ||
  path.startsWith('/lgw/') ||
  path.startsWith('/provider/') ||
  path.startsWith('/ws');

/**
 * Security headers on every response, from helmet, each set built once at start-up (@fastify/helmet
 * rebuilt helmet's middleware, parsing the whole policy, on every request). Pages and static files get
 * the page policy (no inline script, no framing), cross-origin isolation and the legacy headers; API
 * answers a short policy that allows nothing, nosniff, no framing, same-origin reads and a strict
 * referrer, and none of the document-only headers, so a small JSON answer stays small. Both refuse
 * every frame, in CSP and in X-Frame-Options alike, and a route's own policy carries its X-Frame-Options
 * with it. HSTS only when the request came over TLS (directly or through a trusted proxy's
 * X-Forwarded-Proto), since a browser ignores it over plain http anyway and the demo runs on http.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const common = {
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: false,
    // Images and the deposit proofs are served to our own pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' as const },
    // What both policies' frame-ancestors 'none' says (helmet's default, SAMEORIGIN, contradicted it).
    xFrameOptions: { action: 'deny' as const },
  };
  const pageHeaders = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy() },
  });
  const apiHeaders = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.routeOptions.url ?? request.url;
    (isApiPath(path) ? apiHeaders : pageHeaders)(request.raw, reply.raw, noop);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
  // A route may send a policy of its own (the sandbox gateway's and the demo chat's pages): whatever it
  // says about framing, X-Frame-Options says the same.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      const frameOptions = frameOptionsFor(policy);
      if (frameOptions) reply.header('x-frame-options', frameOptions);
      else reply.removeHeader('x-frame-options');
    }
    done(null, payload);
  });
}
