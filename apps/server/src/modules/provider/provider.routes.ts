import { api, PROVIDER_PATH_PREFIX, providerCalls, providerHeaders } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { GameLaunchService } from './game-launch.service.js';
import type { ProviderService } from './provider.service.js';

/** A vendor's call is a few hundred bytes; anything near this is not one. */
const BODY_LIMIT = 64 * 1024;

const headerText = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * POST /provider/v1/:vendor/<call>. Outside /wps, so the site guard (maintenance, region) never stops
 * a vendor settling a round; the vendor's signature is the authentication. The body is kept raw: the
 * signature covers its exact bytes. Every answer, failures included, is in the provider API's format.
 */
export async function registerProviderRoutes(
  app: FastifyInstance,
  { provider, launches }: { provider: ProviderService; launches: GameLaunchService },
): Promise<void> {
  // The player's side: POST /wps/game/launchGame, an ordinary site call.
  route(app, api.launchGame, ({ member, body }) => launches.launch(member, body));

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const ours = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
      if (!ours) request.log.error({ err: error }, 'provider route failed');
      return reply.code(ours ? 400 : 500).send({
        status: ours ? 'RS_ERROR_VALIDATION' : 'RS_ERROR_INTERNAL',
        request_uuid: null,
        message: ours ? 'send a JSON body (application/json) of at most 64 KB' : 'try again',
      });
    });
    for (const call of providerCalls) {
      scope.post<{ Params: { vendor: string } }>(
        `${PROVIDER_PATH_PREFIX}/:vendor/${call}`,
        { bodyLimit: BODY_LIMIT },
        async (request, reply) => {
          const answer = await provider.handle(
            call,
            request.params.vendor,
            {
              signature: headerText(request.headers[providerHeaders.signature]),
              timestamp: headerText(request.headers[providerHeaders.timestamp]),
              rsaSignature: headerText(request.headers[providerHeaders.rsaSignature]),
            },
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            { ip: request.ip },
          );
          return reply.code(answer.httpStatus).send(answer.body);
        },
      );
    }
  });
}
