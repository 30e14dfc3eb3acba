import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Settings } from '@platform/contract';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy the web app runs under: its own scripts only (no inline script, no
 * eval), styles from itself (React's style attributes need 'unsafe-inline' for styles, never for
 * scripts), images also from the operator's CDNs over https, no framing by anyone. `scriptOrigins`
 * adds the operator's analytics script, read from the settings for each page.
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
    // Game vendors' lobbies open in a frame over https.
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

/** A page of the web app: its policy also allows the analytics script the operator configured. */
export async function setPagePolicy(reply: FastifyReply, services: SettingsReader) {
  const policy = contentSecurityPolicy(await analyticsOrigins(services));
  reply.header('content-security-policy', serializePolicy(policy));
}

/**
 * Security headers on every response (API, static files, pages): helmet's set with our policy,
 * nosniff, a strict referrer policy; HSTS only when the request came over TLS (directly or through a
 * trusted proxy's X-Forwarded-Proto), since a browser ignores it over plain http anyway and the
 * demo runs on http.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy() },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    // Images and the deposit proofs are served to our own pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
