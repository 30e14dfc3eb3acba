import { randomInt } from 'node:crypto';
import {
  PROVIDER_PATH_PREFIX,
  providerHeaders,
  providerResponseSchema,
  providerStatuses,
  type ProviderCall,
  type ProviderError,
  type ProviderErrorCode,
  type ProviderSuccess,
} from '@platform/contract';
import { calmChaos, fires, type ChaosSwitches } from './chaos.js';
import { signBody } from './signing.js';

/** One HTTP request to the platform, and what came back. */
export interface WalletRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}
export interface WalletReply {
  status: number;
  body: unknown;
}
/** Sends one request; throws when no answer came (timeout, network). */
export type Transport = (request: WalletRequest) => Promise<WalletReply>;

/** The platform over HTTP, with a deadline per attempt. */
export const fetchTransport: Transport = async (request) => {
  const response = await fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(request.timeoutMs),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's HTML error page: no status to read, so it counts as no answer.
  }
  return { status: response.status, body };
};

export type WalletResult =
  | { ok: true; answer: ProviderSuccess }
  | { ok: false; status: ProviderErrorCode; answer: ProviderError }
  /** no answer after every attempt (timeouts, network, 5xx) */
  | { ok: false; status: 'UNANSWERED' };
type Answered = Exclude<WalletResult, { status: 'UNANSWERED' }>;

/** What the client did, attempt by attempt: the tests and the admin page read it. */
export interface WalletEvent {
  call: ProviderCall;
  transactionUuid: string | null;
  attempt: number;
  outcome: 'answered' | 'timed-out' | 'dropped' | 'no-answer';
  status: string | null;
  duplicated: boolean;
}

export interface WalletClientOptions {
  /** the platform's address, e.g. http://localhost:8080 */
  baseUrl: string;
  vendorCode: string;
  secret: string;
  transport?: Transport;
  /** milliseconds since the epoch; the signature's timestamp comes from it */
  now?: () => number;
  timeoutMs?: number;
  /** the waits before the 2nd, 3rd, ... attempt (the last one repeats) */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** read at every call, so switches can change while the process runs */
  chaos?: () => ChaosSwitches;
  pick?: (exclusiveMax: number) => number;
  onEvent?: (event: WalletEvent) => void;
}

/** How many attempts each call gets before the caller decides (bets are then rolled back). */
export const ATTEMPTS: Record<ProviderCall, number> = {
  authenticate: 3,
  balance: 3,
  bet: 4,
  win: 6,
  rollback: 6,
};

const sleeper = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Our side of the seamless-wallet API as a real vendor integrates it: every call signed with a fresh
 * timestamp, the same body (same transaction_uuid, same request_uuid) sent again after a timeout, a
 * network error, HTTP 5xx or RS_ERROR_INTERNAL, with growing waits; a win whose bet the platform does
 * not know yet is sent again later. Chaos switches act at this level, on the wire.
 */
export class WalletClient {
  private readonly transport: Transport;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly delays: readonly number[];
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly chaos: () => ChaosSwitches;
  private readonly pick: (exclusiveMax: number) => number;

  constructor(private readonly options: WalletClientOptions) {
    this.transport = options.transport ?? fetchTransport;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.delays = options.retryDelaysMs ?? [1000, 2000, 4000, 8000];
    this.sleep = options.sleep ?? sleeper;
    this.chaos = options.chaos ?? calmChaos;
    this.pick = options.pick ?? randomInt;
  }

  get vendorCode(): string {
    return this.options.vendorCode;
  }

  /**
   * Sends `body` (serialised once: every attempt carries the same bytes) until it is answered, at most
   * `attempts` times. `retryUnknownBet`: a win answered RS_ERROR_TRANSACTION_DOES_NOT_EXIST is sent again.
   */
  async send(
    call: ProviderCall,
    body: Record<string, unknown>,
    {
      attempts = ATTEMPTS[call],
      retryUnknownBet = call === 'win',
    }: { attempts?: number; retryUnknownBet?: boolean } = {},
  ): Promise<WalletResult> {
    const raw = JSON.stringify(body);
    const transactionUuid = typeof body.transaction_uuid === 'string' ? body.transaction_uuid : null;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (attempt > 1) await this.sleep(this.delays[Math.min(attempt - 2, this.delays.length - 1)] ?? 0);
      const result = await this.attempt(call, raw, transactionUuid, attempt);
      if (result === null) continue;
      if (!result.ok && providerStatuses[result.status].retry) {
        if (result.status === 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' && !retryUnknownBet) return result;
        continue;
      }
      return result;
    }
    return { ok: false, status: 'UNANSWERED' };
  }

  /** One attempt, chaos applied; null when no answer came. */
  private async attempt(
    call: ProviderCall,
    raw: string,
    transactionUuid: string | null,
    attempt: number,
  ): Promise<Answered | null> {
    const chaos = this.chaos();
    const event = (outcome: WalletEvent['outcome'], status: string | null, duplicated = false) =>
      this.options.onEvent?.({ call, transactionUuid, attempt, outcome, status, duplicated });
    if (attempt === 1 && fires(chaos.drop, this.pick)) {
      event('dropped', null);
      return null;
    }
    const loseAnswer = attempt === 1 && fires(chaos.timeout, this.pick);
    const copies = fires(chaos.duplicate, this.pick) ? 2 : 1;
    const replies = await Promise.allSettled(
      Array.from({ length: copies }, () => this.transport(this.request(call, raw))),
    );
    const first = replies[0];
    if (!first || first.status === 'rejected') {
      event('no-answer', null, copies > 1);
      return null;
    }
    const parsed = providerResponseSchema.safeParse(first.value.body);
    if (loseAnswer) {
      event('timed-out', parsed.success ? parsed.data.status : null, copies > 1);
      return null;
    }
    if (!parsed.success) {
      event('no-answer', null, copies > 1);
      return null;
    }
    event('answered', parsed.data.status, copies > 1);
    return parsed.data.status === 'RS_OK'
      ? { ok: true, answer: parsed.data as ProviderSuccess }
      : { ok: false, status: parsed.data.status, answer: parsed.data as ProviderError };
  }

  private request(call: ProviderCall, raw: string): WalletRequest {
    const timestamp = String(Math.floor(this.now() / 1000));
    return {
      url: `${this.options.baseUrl}${PROVIDER_PATH_PREFIX}/${encodeURIComponent(this.options.vendorCode)}/${call}`,
      headers: {
        'content-type': 'application/json',
        [providerHeaders.timestamp]: timestamp,
        [providerHeaders.signature]: signBody(this.options.secret, timestamp, raw),
      },
      body: raw,
      timeoutMs: this.timeoutMs,
    };
  }
}
