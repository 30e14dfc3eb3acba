import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import {
  alwaysAvailablePaths,
  headers,
  httpStatusOf,
  messageKeyOf,
  type Failure,
  type Location,
} from '@platform/contract';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './lib/deps.js';
import { AppError } from './lib/errors.js';
import { createServices, type AppServices } from './services.js';
import type { AuthenticatedMember } from './modules/auth/session.service.js';
import { isRestricted, locate, normalizeIp } from './modules/system/location.service.js';
import { registerSecurityHeaders, setPagePolicy } from './lib/security-headers.js';
import { RequestLogPolicy } from './lib/request-log.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { registerContentRoutes } from './modules/content/content.routes.js';
import { registerGameRoutes } from './modules/game/game.routes.js';
import { registerOperatorRoutes } from './modules/operator/operator.routes.js';
import { registerVerificationRoutes } from './modules/verification/verification.routes.js';
import { registerMemberRoutes } from './modules/member/member.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerWalletRoutes } from './modules/wallet/wallet.routes.js';
import { registerAdminRoutes } from './modules/admin/admin.routes.js';
import { registerRealtimeRoutes } from './modules/realtime/realtime.routes.js';
import { registerWithdrawalRoutes } from './modules/cashier/withdrawal.routes.js';
import { registerDepositRoutes } from './modules/cashier/deposit.routes.js';
import { registerGatewayRoutes } from './modules/cashier/gateway/gateway.routes.js';

export type { AppDeps };

declare module 'fastify' {
  interface FastifyRequest {
    /** where the caller is, as far as the server can tell */
    location: Location;
    /** the member of the session token the request carries, if it is live */
    member: AuthenticatedMember | null;
  }
}

function sendFailure(reply: FastifyReply, failure: Failure): FastifyReply {
  return reply.status(httpStatusOf[failure.code]).send(failure);
}

function fail(code: Failure['code'], issues?: Failure['issues']): Failure {
  return { success: false, code, message: messageKeyOf(code), ...(issues ? { issues } : {}) };
}

/**
 * A request Node refuses before Fastify sees it (a 100 KB URL overflows the header limit): answered
 * on the socket in the same envelope, so a client always gets a code it can read.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'VALIDATION_FAILED';
  const status = httpStatusOf[code];
  const body = JSON.stringify(fail(code));
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'x-content-type-options: nosniff',
      'connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: AppServices }> {
  const app = Fastify({
    logger: deps.config.LOG_LEVEL === 'silent' ? false : { level: deps.config.LOG_LEVEL },
    // Each request is logged once, at debug unless it is slow or failed.
    logController: new RequestLogPolicy(),
    // X-Forwarded-For and -Proto are believed only from the proxies the operator lists, read right to
    // left (proxy-addr): a client that writes its own header only adds an entry nobody trusts.
    trustProxy: deps.config.TRUSTED_PROXIES.length > 0 ? deps.config.TRUSTED_PROXIES : false,
    bodyLimit: 6 * 1024 * 1024,
    // Longer than any id or account the contract names; a longer one is answered in the envelope.
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler: answerClientError,
    // Errors the router raises before any route runs (an over-long parameter, a malformed URL).
    frameworkErrors: (error, _request, reply) => {
      const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'VALIDATION_FAILED';
      return sendFailure(reply, fail(code));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = createServices(deps, app.log);
  app.decorateRequest('location', { getter: () => ({ ip: '', country: null }) } as never);
  app.decorateRequest('member', null);

  await registerSecurityHeaders(app);

  /*
   * The site guard decides on the route the router matched, not on the URL as typed: `/%77ps/...`,
   * `//wps/...` or `/x/../wps/...` either match a /wps route (and are guarded as that route) or match
   * none (and answer 404), so no spelling of a path reaches a handler without the guard.
   */
  app.addHook('onRequest', async (request, reply) => {
    const routePath = request.routeOptions.url ?? '';
    if (!routePath.startsWith('/wps/')) return;
    const settings = await services.settings.all();
    const location = locate(normalizeIp(request.ip), deps.countryLookup);
    Object.defineProperty(request, 'location', { value: location, writable: false });

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
      request.member = await services.sessions.resolve(authorization.slice('Bearer '.length).trim());
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const failure = fail(error.code, error.issues);
      return sendFailure(reply, error.details ? { ...failure, details: error.details } : failure);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendFailure(
        reply,
        fail(
          'VALIDATION_FAILED',
          error.validation.map((issue) => ({
            path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
            message: issue.message ?? 'invalid',
          })),
        ),
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause.issues }, 'response did not match its schema');
      return sendFailure(reply, fail('INTERNAL'));
    }
    if (error.statusCode === 429) return sendFailure(reply, fail('RATE_LIMITED'));
    if (error.statusCode === 413) return sendFailure(reply, fail('PAYLOAD_TOO_LARGE'));
    if (error.statusCode === 415) return sendFailure(reply, fail('UNSUPPORTED_MEDIA_TYPE'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, body too large, wrong content type: the caller's mistake, said plainly.
      return sendFailure(reply, fail('VALIDATION_FAILED', [{ path: '', message: error.message }]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(reply, fail('INTERNAL'));
  });

  await app.register(async (api) => {
    registerSystemRoutes(api, services);
    registerContentRoutes(api, services);
    registerGameRoutes(api, services);
    registerVerificationRoutes(api, services);
    registerAuthRoutes(api, services);
    await registerMemberRoutes(api, services);
    registerWalletRoutes(api, services);
    registerAdminRoutes(api, services);
    await registerWithdrawalRoutes(api, services);
    await registerDepositRoutes(api, services);
    await registerGatewayRoutes(api, services);
  });
  if (deps.operatorSecret) registerOperatorRoutes(app, services, deps.operatorSecret);
  // Client messages are a few hundred bytes (auth, ping); anything larger is not ours.
  await app.register(fastifyWebsocket, { options: { maxPayload: 4_096 } });
  await app.register(async (scope) => registerRealtimeRoutes(scope, services));

  const webDist = deps.config.WEB_DIST_DIR ? path.resolve(deps.config.WEB_DIST_DIR) : undefined;
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  // One deployment serves one merchant: the page learns its merchant code from the page itself.
  const indexHtml = hasWeb
    ? readFileSync(path.join(webDist, 'index.html'), 'utf8').replace(
        '__MERCHANT_CODE__',
        deps.config.MERCHANT_CODE,
      )
    : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // index.html is answered by the not-found handler below, with the merchant code filled in.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those never change under the same name.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    if (urlPath.startsWith('/wps') || urlPath.startsWith('/internal') || !hasWeb) {
      return sendFailure(reply, fail('NOT_FOUND'));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendFailure(reply, fail('NOT_FOUND'));
    // History routing: every other path is a page of the web app.
    await setPagePolicy(reply, services);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });

  return { app, services };
}
