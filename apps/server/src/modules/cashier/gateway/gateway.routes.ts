import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DepositService } from '../deposit.service.js';
import type { SandboxCheckoutService } from './sandbox-checkout.service.js';

interface GatewayRouteServices {
  deposits: Pick<DepositService, 'handleCallback'>;
  sandboxCheckout: SandboxCheckoutService;
}
import { notFoundPage, orderPage, resultPage } from './sandbox-page.js';
import { SANDBOX_PAGE_PREFIX } from './sandbox-gateway.js';

/** A callback is a few hundred bytes; anything much larger is not from a provider. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

const providerParamsSchema = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,32}$/) });
const orderParamsSchema = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/**
 * Providers' callbacks (POST /wps/cashier/gateway/<provider>/callback, the body kept as raw bytes for
 * the signature check) and the sandbox provider's hosted pages, outside /wps as a real provider's
 * would be on its own site.
 */
export async function registerGatewayRoutes(
  app: FastifyInstance,
  services: GatewayRouteServices,
): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the bytes as sent: no parser may touch them before it is checked.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/wps/cashier/gateway/:provider/callback',
        { schema: { params: providerParamsSchema } },
        async (request, reply) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const { outcome } = await services.deposits.handleCallback({
            provider: request.params.provider,
            rawBody,
            headers: request.headers,
            ip: request.location.ip || null,
          });
          if (outcome !== 'credited' && outcome !== 'cancelled') {
            request.log.warn({ provider: request.params.provider, outcome }, 'gateway callback not applied');
          }
          return reply.send({ success: true, value: { outcome } });
        },
      );
  });

  // The sandbox's pages are not even mounted where the sandbox is not offered (production).
  const checkout = services.sandboxCheckout;
  if (!checkout.offered) return;
  await app.register(async (scope) => {
    // The hosted page's buttons post an empty form; its fields carry nothing we read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, {}),
    );
    const html = (reply: FastifyReply, status: number, page: string) =>
      reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        )
        .send(page);

    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      `${SANDBOX_PAGE_PREFIX}/:orderId`,
      { schema: { params: orderParamsSchema } },
      async (request, reply) => {
        const view = await checkout.view(request.params.orderId);
        if (!view) return html(reply, 404, notFoundPage());
        return html(reply, 200, orderPage(view));
      },
    );

    for (const action of ['pay', 'cancel'] as const) {
      typed.post(
        `${SANDBOX_PAGE_PREFIX}/:orderId/${action}`,
        { schema: { params: orderParamsSchema } },
        async (request, reply) => {
          const decision = await checkout.decide(
            request.params.orderId,
            action,
            request.server.server.address(),
            request.log,
          );
          if (decision.outcome === 'not_found') return html(reply, 404, notFoundPage());
          if (decision.outcome === 'closed')
            return html(
              reply,
              409,
              resultPage('Order closed', `This order cannot be paid: ${decision.state}.`),
            );
          if (decision.outcome === 'no_callback_url') {
            return html(
              reply,
              503,
              resultPage('Not sent', 'The sandbox does not know where to send the callback.'),
            );
          }
          const title = action === 'pay' ? 'Payment complete' : 'Payment cancelled';
          const message = decision.accepted
            ? action === 'pay'
              ? 'The merchant has been told. Your balance is updated.'
              : 'The merchant has been told that you cancelled.'
            : 'The merchant has not answered yet; the gateway will try again shortly.';
          return html(reply, 200, resultPage(title, message));
        },
      );
    }
  });
}
