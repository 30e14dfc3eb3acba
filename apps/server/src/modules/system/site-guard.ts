import { alwaysAvailablePaths, headers, type Location } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import { fail, sendFailure } from '../../lib/failure.js';
import { isRestricted, locate, normalizeIp } from './location.service.js';
import type { SettingsService } from './settings.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** where the caller is, as far as the server can tell */
    location: Location;
  }
}

/**
 * The site guard, on every request: where the caller is, then for /wps calls the merchant code,
 * maintenance, region restrictions, and the caller's session (looked up by the auth module).
 *
 * It decides on the route the router matched, not on the URL as typed: `/%77ps/...`, `//wps/...` or
 * `/x/../wps/...` either match a /wps route (and are guarded as that route) or match none (and answer
 * 404), so no spelling of a path reaches a handler without the guard.
 */
/** Where a request outside the guarded API is from: not looked up, nobody reads it. */
const UNLOCATED: Location = Object.freeze({ ip: '', country: null });

export function registerSiteGuard(
  app: FastifyInstance,
  options: {
    deps: Pick<AppDeps, 'config' | 'countryLookup'>;
    settings: Pick<SettingsService, 'all'>;
    resolveMember: (token: string) => Promise<FastifyRequest['member']>;
  },
): void {
  const { deps, settings: settingsService, resolveMember } = options;
  // Plain properties set on every request keep its shape stable (a getter or defineProperty per
  // request sends V8 to slow paths for the rest of the request).
  app.decorateRequest('location', null as unknown as Location);
  app.decorateRequest('member', null);

  app.addHook('onRequest', async (request, reply) => {
    const routePath = request.routeOptions.url ?? '';
    // /lgw/ holds the lottery's calls SPEC section 7 names there: the same site, the same guard.
    if (!routePath.startsWith('/wps/') && !routePath.startsWith('/lgw/')) {
      request.location = UNLOCATED;
      return;
    }
    const settings = await settingsService.all();
    const location = locate(normalizeIp(request.ip), deps.countryLookup);
    request.location = location;

    const merchant = request.headers[headers.merchant];
    if (typeof merchant === 'string' && merchant !== deps.config.MERCHANT_CODE) {
      return sendFailure(reply, fail('MERCHANT_MISMATCH'));
    }
    if (alwaysAvailablePaths.includes(routePath)) return;
    // Operator staff keep working during maintenance, and a payment provider's signed callback must
    // land whatever the site shows visitors; both carry their own authentication.
    if (routePath.startsWith('/wps/admin/') || routePath.startsWith('/wps/cashier/gateway/')) return;
    if (settings['system.maintenance'].enabled) return sendFailure(reply, fail('MAINTENANCE'));
    if (isRestricted(location, settings['system.regionRestriction'])) {
      return sendFailure(reply, fail('REGION_RESTRICTED'));
    }
    const authorization = request.headers[headers.token];
    if (typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
      request.member = await resolveMember(authorization.slice('Bearer '.length).trim());
    }
  });
}
