import {
  parseProviderAmount,
  transferApiHeaders,
  vendorOkAnswerSchema,
  vendorRefusalAnswerSchema,
  vendorStatusAnswerSchema,
  type VendorTransferCall,
  type VendorTransferRefusal,
  type VendorTransferState,
} from '@platform/contract';
import type { Clock } from '../../lib/clock.js';
import { providerSignature } from '../provider/index.js';

/** One HTTP request to a vendor; throws on a timeout or a network failure. */
export type VendorTransport = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}) => Promise<{ status: number; body: unknown }>;

/** Node's fetch, with the timeout as an abort signal. */
export const fetchTransport: VendorTransport = async ({ url, headers, body, timeoutMs }) => {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: an answer we cannot read, which the caller treats as no answer.
    json = null;
  }
  return { status: response.status, body: json };
};

export interface VendorEndpoint {
  vendorCode: string;
  transferApiUrl: string;
  signingSecret: string;
}

/**
 * What a vendor call came to. `unknown` is the one that matters: a timeout, a 5xx or an answer we
 * cannot read says nothing about whether the vendor moved the money, so the transfer stays pending.
 */
export type MoneyOutcome =
  | { kind: 'ok'; balance: bigint }
  | { kind: 'refused'; code: VendorTransferRefusal; balance: bigint | null }
  | { kind: 'unknown'; reason: string };

export type StatusOutcome =
  | { kind: 'known'; state: VendorTransferState; direction: string | null; amount: bigint | null }
  | { kind: 'unknown'; reason: string };

/** How long we wait for a vendor's answer before treating the call as undecided. */
export const VENDOR_TIMEOUT_MS = 8_000;

/**
 * Our signed calls to a transfer vendor's wallet API (docs/provider-api.md, "Transfer-model vendors"):
 * POST <transfer API URL>/<call>, JSON, HMAC-SHA256 of `<timestamp>.<body>` with the vendor's secret,
 * the same convention the vendor uses to call us. Money calls carry our transfer id, on which the
 * vendor is idempotent.
 */
export class VendorClient {
  private transport: VendorTransport;

  constructor(
    private readonly deps: {
      clock: Clock;
      transport?: VendorTransport;
      timeoutMs?: number;
    },
  ) {
    this.transport = deps.transport ?? fetchTransport;
  }

  /** Another wire to the vendors (tests put the demo vendor's in-process app on it). */
  useTransport(next: VendorTransport): void {
    this.transport = next;
  }

  async money(
    vendor: VendorEndpoint,
    call: 'deposit' | 'withdraw',
    body: { transfer_id: string; player_id: string; amount: string; currency: string },
  ): Promise<MoneyOutcome> {
    const answer = await this.send(vendor, call, body);
    if ('failure' in answer) return { kind: 'unknown', reason: answer.failure };
    return moneyOutcome(answer.status, answer.body);
  }

  async balance(
    vendor: VendorEndpoint,
    body: { player_id: string; currency: string },
  ): Promise<MoneyOutcome> {
    const answer = await this.send(vendor, 'balance', body);
    if ('failure' in answer) return { kind: 'unknown', reason: answer.failure };
    return moneyOutcome(answer.status, answer.body);
  }

  async status(vendor: VendorEndpoint, transferId: string): Promise<StatusOutcome> {
    const answer = await this.send(vendor, 'status', { transfer_id: transferId });
    if ('failure' in answer) return { kind: 'unknown', reason: answer.failure };
    const parsed = vendorStatusAnswerSchema.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success || parsed.data.transfer_id !== transferId) {
      return { kind: 'unknown', reason: `status answer http ${answer.status} not understood` };
    }
    const amount = parsed.data.amount === undefined ? null : parseProviderAmount(parsed.data.amount);
    if (amount && !amount.ok) return { kind: 'unknown', reason: 'status answer amount not understood' };
    return {
      kind: 'known',
      state: parsed.data.state,
      direction: parsed.data.direction ?? null,
      amount: amount ? amount.minor : null,
    };
  }

  private async send(
    vendor: VendorEndpoint,
    call: VendorTransferCall,
    payload: Record<string, string>,
  ): Promise<{ status: number; body: unknown } | { failure: string }> {
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(this.deps.clock.now().getTime() / 1000));
    const url = `${vendor.transferApiUrl.replace(/\/+$/, '')}/${call}`;
    try {
      return await this.transport({
        url,
        headers: {
          'content-type': 'application/json',
          [transferApiHeaders.timestamp]: timestamp,
          [transferApiHeaders.signature]: providerSignature(vendor.signingSecret, timestamp, body),
        },
        body,
        timeoutMs: this.deps.timeoutMs ?? VENDOR_TIMEOUT_MS,
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : 'error';
      return { failure: name === 'TimeoutError' ? 'timeout' : `no answer (${name})` };
    }
  }
}

function moneyOutcome(status: number, body: unknown): MoneyOutcome {
  if (status === 200) {
    const ok = vendorOkAnswerSchema.safeParse(body);
    if (!ok.success) return { kind: 'unknown', reason: 'answer not understood' };
    const balance = parseProviderAmount(ok.data.balance);
    if (!balance.ok) return { kind: 'unknown', reason: 'answer balance not understood' };
    return { kind: 'ok', balance: balance.minor };
  }
  // Only a refusal the vendor states in its own words, with a 4xx, is definite.
  const refusal = vendorRefusalAnswerSchema.safeParse(body);
  if (status >= 400 && status < 500 && refusal.success) {
    const balance = refusal.data.balance === undefined ? null : parseProviderAmount(refusal.data.balance);
    return { kind: 'refused', code: refusal.data.status, balance: balance?.ok ? balance.minor : null };
  }
  return { kind: 'unknown', reason: `http ${status}` };
}
