import { displayMoney } from '@platform/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppServices } from '../../../services.js';
import { notFoundPage, orderPage, resultPage } from './sandbox-page.js';
import {
  deliverSandboxCallback,
  SANDBOX_CALLBACK_PATH,
  SANDBOX_PAGE_PREFIX,
  SANDBOX_PROVIDER,
  sandboxCallbackFor,
} from './sandbox-gateway.js';

/** A callback is a few hundred bytes; anything much larger is not from a provider. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

const providerParamsSchema = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,32}$/) });
const orderParamsSchema = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/**
 * Providers' callbacks (POST /wps/cashier/gateway/<provider>/callback, the body kept as raw bytes for
 * the signature check) and the sandbox provider's hosted pages, outside /wps as a real provider's
 * would be on its own site.
 */
export async function registerGatewayRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
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
  if (!services.gateways.available(SANDBOX_PROVIDER)) return;
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

    const sandboxOrder = async (orderId: string) => {
      const provider = services.gateways.available(SANDBOX_PROVIDER);
      const order = provider ? await services.deposits.gatewayOrder(orderId) : null;
      if (!order || order.channel.details.provider !== SANDBOX_PROVIDER) return null;
      return order;
    };
    const payableState = (order: NonNullable<Awaited<ReturnType<typeof sandboxOrder>>>) => {
      if (order.deposit.status !== 'pending') return `it is ${order.deposit.status}`;
      if (order.deposit.expiresAt <= services.deps.clock.now()) return 'it has expired';
      return null;
    };

    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      `${SANDBOX_PAGE_PREFIX}/:orderId`,
      { schema: { params: orderParamsSchema } },
      async (request, reply) => {
        const order = await sandboxOrder(request.params.orderId);
        if (!order) return html(reply, 404, notFoundPage());
        const [siteName, symbol] = await Promise.all([
          services.settings.get('site.name'),
          services.settings.get('site.currencySymbol'),
        ]);
        const state = payableState(order);
        return html(
          reply,
          200,
          orderPage({
            orderId: request.params.orderId,
            merchant: `${siteName} (${services.deps.config.MERCHANT_CODE})`,
            amount: displayMoney(order.deposit.amount, symbol),
            reference: order.deposit.publicId,
            payable: state === null,
            state: state ?? '',
          }),
        );
      },
    );

    for (const action of ['pay', 'cancel'] as const) {
      typed.post(
        `${SANDBOX_PAGE_PREFIX}/:orderId/${action}`,
        { schema: { params: orderParamsSchema } },
        async (request, reply) => {
          const order = await sandboxOrder(request.params.orderId);
          if (!order) return html(reply, 404, notFoundPage());
          const state = payableState(order);
          if (state !== null)
            return html(reply, 409, resultPage('Order closed', `This order cannot be paid: ${state}.`));
          const url = callbackUrl(request, services);
          if (!url) {
            return html(
              reply,
              503,
              resultPage('Not sent', 'The sandbox does not know where to send the callback.'),
            );
          }
          const delivery = sandboxCallbackFor({
            url,
            secret: order.channel.details.secret ?? '',
            orderId: request.params.orderId,
            amount: order.deposit.amount,
            status: action === 'pay' ? 'paid' : 'cancelled',
            at: services.deps.clock.now(),
            nonce: services.deps.rng.bytes(16).toString('hex'),
          });
          // The first try is awaited, so a member who returns at once sees the result; retries go on alone.
          const run = deliverSandboxCallback(delivery, { log: request.log });
          const first = await run.first;
          const accepted = first.status !== null && first.status >= 200 && first.status < 300;
          const title = action === 'pay' ? 'Payment complete' : 'Payment cancelled';
          const message = accepted
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

/**
 * Where the sandbox posts: this server's own listening address (the sandbox runs inside it, so that
 * address always reaches it), else the site's public address. Never the request's Host header,
 * which the caller chooses.
 */
function callbackUrl(request: FastifyRequest, services: AppServices): string | null {
  const address = request.server.server.address();
  if (address && typeof address !== 'string') {
    const wildcard = address.address === '0.0.0.0' || address.address === '::';
    const host = wildcard
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    return `http://${host}:${address.port}${SANDBOX_CALLBACK_PATH}`;
  }
  const publicUrl = services.deps.config.PUBLIC_URL;
  return publicUrl ? new URL(SANDBOX_CALLBACK_PATH, publicUrl).toString() : null;
}
