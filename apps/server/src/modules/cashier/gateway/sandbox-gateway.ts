import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatMoney, MONEY_PATTERN, parseMoney } from '@platform/contract';
import { z } from 'zod';
import type { Rng } from '../../../lib/rng.js';
import type {
  CallbackVerdict,
  GatewayCallbackStatus,
  GatewayOrder,
  GatewayOrderRequest,
  PaymentGateway,
  PaymentProvider,
} from './payment-gateway.js';

/**
 * A payment provider that runs inside this server, for development and demos. It behaves like a real
 * one: a hosted payment page outside /wps, callbacks signed with the channel's secret
 * (x-signature: hex HMAC-SHA256 of the raw body), and retries while our endpoint does not answer 2xx.
 * Its "Pay" button pays without money changing hands, so it is never available in production.
 */
export const SANDBOX_PROVIDER = 'sandbox';
export const SANDBOX_PAGE_PREFIX = '/sandbox-gateway/pay';
export const SANDBOX_CALLBACK_PATH = '/wps/cashier/gateway/sandbox/callback';
export const SIGNATURE_HEADER = 'x-signature';

const secretOf = (details: Record<string, string>): string => {
  const secret = details.secret;
  if (!secret || secret.length < 32) throw new Error('sandbox channel has no signing secret');
  return secret;
};

export const signSandboxBody = (secret: string, rawBody: string | Buffer): string =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

const callbackBodySchema = z.object({
  orderId: z.string().min(1).max(64),
  amount: z.string().regex(MONEY_PATTERN),
  status: z.enum(['paid', 'cancelled']),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  nonce: z.string().min(8).max(128),
});
export type SandboxCallbackBody = z.infer<typeof callbackBodySchema>;

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
}

export function verifySandboxCallback(
  secret: string,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): CallbackVerdict {
  const header = headers[SIGNATURE_HEADER];
  const given =
    typeof header === 'string' && /^[0-9a-fA-F]{64}$/.test(header) ? Buffer.from(header, 'hex') : null;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  // Constant time, so the answer's timing tells nothing about how much of a guess was right.
  if (!given || !timingSafeEqual(given, expected)) {
    return { valid: false, signatureValid: false, reason: 'invalid_signature' };
  }
  const parsed = callbackBodySchema.safeParse(parseJson(rawBody));
  if (!parsed.success) return { valid: false, signatureValid: true, reason: 'malformed' };
  const body = parsed.data;
  return {
    valid: true,
    callback: {
      orderId: body.orderId,
      amount: parseMoney(body.amount),
      status: body.status,
      paidAt: body.paidAt ? new Date(body.paidAt) : null,
      nonce: body.nonce,
    },
  };
}

const ORDER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export class SandboxProvider implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER;

  constructor(
    private readonly rng: Rng,
    readonly available: boolean,
  ) {}

  claimedOrderId(rawBody: Buffer): string | null {
    const body = parseJson(rawBody);
    if (typeof body !== 'object' || body === null || !('orderId' in body)) return null;
    const orderId = body.orderId;
    return typeof orderId === 'string' && orderId.length <= 64 ? orderId : null;
  }

  newChannelDetails(): Record<string, string> {
    return { provider: SANDBOX_PROVIDER, secret: this.rng.bytes(32).toString('hex') };
  }

  gatewayFor(details: Record<string, string>): PaymentGateway {
    const secret = secretOf(details);
    const rng = this.rng;
    return {
      provider: SANDBOX_PROVIDER,
      redirectUrlOf: (orderId) => `${SANDBOX_PAGE_PREFIX}/${encodeURIComponent(orderId)}`,
      async createOrder(_order: GatewayOrderRequest): Promise<GatewayOrder> {
        // The sandbox keeps no order book of its own: the deposit row (found by this id) is its order.
        let orderId = 'SBX';
        for (let index = 0; index < 16; index += 1)
          orderId += ORDER_ALPHABET[rng.int(0, ORDER_ALPHABET.length)];
        return { orderId, redirectUrl: `${SANDBOX_PAGE_PREFIX}/${orderId}` };
      },
      verifyCallback: (rawBody, headers) => verifySandboxCallback(secret, rawBody, headers),
    };
  }
}

// Sending callbacks -------------------------------------------------------------------------------

export interface SandboxCallbackDelivery {
  url: string;
  /** exactly the bytes that were signed */
  body: string;
  signature: string;
}

/** One POST; the HTTP status, or null when nothing answered. */
export type CallbackPoster = (delivery: SandboxCallbackDelivery) => Promise<number | null>;

export const httpPost: CallbackPoster = async (delivery) => {
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: delivery.signature },
      body: delivery.body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
};

export interface DeliveryLog {
  warn(object: Record<string, unknown>, message: string): void;
}

export interface DeliveryOptions {
  /** waits before the 2nd, 3rd, ... attempt; 4 retries after 1, 2, 4 and 8 s by default (5 tries) */
  retryDelaysMs?: readonly number[];
  post?: CallbackPoster;
  log?: DeliveryLog;
}

export interface DeliveryAttempt {
  attempt: number;
  status: number | null;
}

export interface DeliveryRun {
  /** the first attempt's result: the pay page waits for it, so a quick success is seen at once */
  first: Promise<DeliveryAttempt>;
  /** every attempt, ending at the first 2xx or when the retries run out; never rejects */
  finished: Promise<{ delivered: boolean; attempts: DeliveryAttempt[] }>;
}

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000] as const;

/**
 * Posts a signed callback and retries while the answer is not 2xx, like a real provider does. Runs in
 * this process, bounded by the retry list; a server that stops meanwhile loses the remaining retries,
 * which the operator then settles by hand (the deposit stays pending).
 */
export function deliverSandboxCallback(
  delivery: SandboxCallbackDelivery,
  options: DeliveryOptions = {},
): DeliveryRun {
  const post = options.post ?? httpPost;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let resolveFirst: (attempt: DeliveryAttempt) => void = () => undefined;
  const first = new Promise<DeliveryAttempt>((resolve) => {
    resolveFirst = resolve;
  });
  const run = async () => {
    const attempts: DeliveryAttempt[] = [];
    for (let index = 0; index <= delays.length; index += 1) {
      if (index > 0) await sleep(delays[index - 1] ?? 0);
      const status = await post(delivery).catch(() => null);
      const attempt = { attempt: index + 1, status };
      attempts.push(attempt);
      if (index === 0) resolveFirst(attempt);
      if (status !== null && status >= 200 && status < 300) return { delivered: true, attempts };
      options.log?.warn(
        { attempt: attempt.attempt, status, url: delivery.url },
        'sandbox callback not accepted',
      );
    }
    return { delivered: false, attempts };
  };
  const finished = run().catch(() => {
    resolveFirst({ attempt: 1, status: null });
    return { delivered: false, attempts: [] };
  });
  return { first, finished };
}

/** The callback body the sandbox sends for an order, signed with the channel's secret. */
export function sandboxCallbackFor(input: {
  url: string;
  secret: string;
  orderId: string;
  amount: bigint;
  status: GatewayCallbackStatus;
  at: Date;
  nonce: string;
}): SandboxCallbackDelivery {
  const body: SandboxCallbackBody = {
    orderId: input.orderId,
    amount: formatMoney(input.amount),
    status: input.status,
    paidAt: input.status === 'paid' ? input.at.toISOString() : null,
    nonce: input.nonce,
  };
  const text = JSON.stringify(body);
  return { url: input.url, body: text, signature: signSandboxBody(input.secret, text) };
}
