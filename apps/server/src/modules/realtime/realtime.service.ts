import { realtimeCloseCodes, type RealtimeServerMessage } from '@platform/contract';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { Database } from '../../db/database.js';
import type { LedgerService, WalletService } from '../wallet/index.js';

/** What the server pushes: one of the contract's server messages (realtime.ts). */
export type RealtimeEvent = RealtimeServerMessage;

/** The part of a WebSocket the hub uses; `ws` sockets fit it. */
export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
}

export interface RealtimeLogger {
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface BalanceView {
  sumBalance: string;
  demo: boolean;
}

const CHANNEL = 'realtime';
/** The envelope's member for an event to everyone (never a member id: those are digits). */
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7_900;
const OPEN = 1;
/** a member with more tabs than this loses the oldest connection */
export const MAX_SOCKETS_PER_MEMBER = 10;

interface Envelope {
  /** member id as text (JSON has no bigint); '*' every member; absent with a topic */
  m?: string;
  /** a topic's subscribers (a chat room) instead of a member */
  t?: string;
  /** the event to deliver as it is */
  e?: RealtimeEvent;
  /** the member's balance changed: an instance with their sockets reads it and pushes it */
  b?: true;
  /** many members' balances changed (member ids as text): as `b`, for each */
  bs?: string[];
}

/**
 * Balance changes are gathered for this long and sent as one envelope: a busy game vendor's bets and
 * wins would otherwise cost a NOTIFY (a PostgreSQL transaction) or a Redis publish each (ADR 088).
 */
export const BALANCE_GATHER_MS = 10;
/** member ids per gathered envelope, well inside NOTIFY's 8,000 bytes (ids of up to 19 digits) */
const BALANCES_PER_ENVELOPE = 300;

/**
 * Pushes events to the members' open WebSockets. With PostgreSQL (`listenUrl`) every publish goes out
 * as NOTIFY and every instance LISTENs on a client of its own, so a member connected to any instance
 * hears it; the publishing instance hears its own NOTIFY too, so it never delivers twice. Without
 * PostgreSQL (embedded PGlite: one process) events are delivered in-process.
 *
 * Publish only after the transaction that made the change committed: a NOTIFY goes out through the
 * pool, and on PGlite a read on the outer connection inside a transaction would deadlock.
 */
export class RealtimeService {
  private readonly sockets = new Map<string, Set<RealtimeSocket>>();
  /** topic -> the sockets here that subscribed to it (chat rooms) */
  private readonly topics = new Map<string, Set<RealtimeSocket>>();
  /** topic prefix -> who may subscribe (registered by the module that owns the topic) */
  private readonly topicGuards = new Map<string, (memberId: bigint, topic: string) => Promise<boolean>>();
  /** members whose balance is being read for their sockets here, and whether it changed again since */
  private readonly balanceReads = new Map<string, { again: boolean }>();
  private listener: pg.Client | null = null;
  private subscriber: Redis | null = null;
  private stopped = true;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelayMs = 500;
  /** members whose balance changed since the last gathered envelope went out, and its send */
  private gathering: { members: Set<string>; sent: Promise<void> } | null = null;

  constructor(
    private readonly deps: {
      db: Database;
      ledger: LedgerService;
      wallet: WalletService;
      logger?: RealtimeLogger;
      /** PostgreSQL connection string for LISTEN; undefined: single process, in-process delivery */
      listenUrl?: string;
      /** Redis (REDIS_URL): publishes and subscribes there instead of PostgreSQL NOTIFY/LISTEN */
      redis?: Redis;
    },
  ) {}

  get fanOut(): 'redis' | 'postgres' | 'in-process' {
    if (this.deps.redis) return 'redis';
    return this.deps.listenUrl ? 'postgres' : 'in-process';
  }

  /**
   * Tells the member's pages their balance changed. Call after the commit that changed it. Only an
   * instance holding one of the member's sockets reads the balance (a game vendor's bet and win each
   * publish: most players have no page open that listens), so a publish costs one NOTIFY, or nothing
   * in one process.
   */
  async publishBalance(memberId: bigint): Promise<void> {
    if (this.fanOut === 'in-process') {
      await this.pushBalance(memberId.toString());
      return;
    }
    const gathering = this.gathering ?? this.gather();
    gathering.members.add(memberId.toString());
    await gathering.sent;
  }

  /** Starts gathering balance changes: sent together after BALANCE_GATHER_MS, resolved once sent. */
  private gather(): { members: Set<string>; sent: Promise<void> } {
    const members = new Set<string>();
    const sent = new Promise<void>((resolve) => setTimeout(resolve, BALANCE_GATHER_MS)).then(async () => {
      this.gathering = null;
      const ids = [...members];
      for (let start = 0; start < ids.length; start += BALANCES_PER_ENVELOPE)
        await this.publishEnvelope({ bs: ids.slice(start, start + BALANCES_PER_ENVELOPE) });
    });
    this.gathering = { members, sent };
    return this.gathering;
  }

  /**
   * Reads the member's balance and pushes it to their sockets here. A change that lands while a read is
   * running makes it read again once done, so the last balance a page gets is never older than the
   * last change, and a burst of changes costs one read at a time.
   */
  private async pushBalance(memberKey: string): Promise<void> {
    if (!this.sockets.has(memberKey)) return;
    const running = this.balanceReads.get(memberKey);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    this.balanceReads.set(memberKey, state);
    try {
      while (state.again) {
        state.again = false;
        const balance = await this.balanceOf(BigInt(memberKey));
        if (balance) this.deliver(memberKey, { type: 'balance', ...balance });
      }
    } finally {
      this.balanceReads.delete(memberKey);
    }
  }

  async publish(memberId: bigint, event: RealtimeEvent): Promise<void> {
    await this.publishEnvelope({ m: memberId.toString(), e: event });
  }

  /**
   * Pushes an event to every connected member on every instance (a message to everyone: each page
   * refetches its count; a crash round's phases, bets and cash-outs). Call after the commit.
   */
  async publishToAll(event: RealtimeEvent): Promise<void> {
    await this.publishEnvelope({ m: '*', e: event });
  }

  /** Pushes an event to every socket subscribed to the topic, on every instance. */
  async publishTopic(topic: string, event: RealtimeEvent): Promise<void> {
    await this.publishEnvelope({ t: topic, e: event });
  }

  private async publishEnvelope(envelope: Envelope): Promise<void> {
    if (this.fanOut === 'in-process') {
      this.route(envelope);
      return;
    }
    const payload = JSON.stringify(envelope);
    if (this.deps.redis) {
      await this.deps.redis.publish(CHANNEL, payload);
      return;
    }
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      // Too big for NOTIFY: the event should carry an id to fetch instead of the content.
      this.deps.logger?.error(
        { type: envelope.e?.type, bytes: Buffer.byteLength(payload) },
        'realtime event too large',
      );
      return;
    }
    await this.deps.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  }

  /** Delivers an envelope to the sockets of this instance it names. */
  private route(envelope: Envelope): void {
    if (!envelope.e || typeof envelope.e.type !== 'string') return;
    if (typeof envelope.t === 'string') this.deliverTopic(envelope.t, envelope.e);
    else if (envelope.m === '*') this.broadcast(envelope.e);
    else if (typeof envelope.m === 'string') this.deliver(envelope.m, envelope.e);
  }

  // Topics ----------------------------------------------------------------------------------------

  /**
   * Lets members subscribe to topics starting with `prefix` when `check` says so (the module owning
   * the topics decides: a chat room's module knows who may read the room).
   */
  allowTopics(prefix: string, check: (memberId: bigint, topic: string) => Promise<boolean>): void {
    this.topicGuards.set(prefix, check);
  }

  /** Subscribes the socket to the topic if its guard allows; false when refused or unknown. */
  async subscribe(memberId: bigint, socket: RealtimeSocket, topic: string): Promise<boolean> {
    const guard = [...this.topicGuards.entries()].find(([prefix]) => topic.startsWith(prefix))?.[1];
    if (!guard || !(await guard(memberId, topic))) return false;
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
    }
    set.add(socket);
    return true;
  }

  unsubscribe(socket: RealtimeSocket, topic?: string): void {
    const names = topic === undefined ? [...this.topics.keys()] : [topic];
    for (const name of names) {
      const set = this.topics.get(name);
      if (!set) continue;
      set.delete(socket);
      if (set.size === 0) this.topics.delete(name);
    }
  }

  private deliverTopic(topic: string, event: RealtimeEvent): void {
    const set = this.topics.get(topic);
    if (!set) return;
    const text = JSON.stringify(event);
    for (const socket of set) {
      if (socket.readyState !== OPEN) continue;
      try {
        socket.send(text);
      } catch {
        // dropped by the heartbeat
      }
    }
  }

  /**
   * What `{ type: 'balance' }` carries: the same balance GET /wps/v2/wallets/balance answers.
   * null for an unknown member.
   */
  async balanceOf(memberId: bigint): Promise<BalanceView | null> {
    return this.deps.wallet.balanceOfMemberId(memberId);
  }

  // Sockets of this instance ---------------------------------------------------------------------

  attach(memberId: bigint, socket: RealtimeSocket): void {
    const key = memberId.toString();
    let set = this.sockets.get(key);
    if (!set) {
      set = new Set();
      this.sockets.set(key, set);
    }
    set.add(socket);
    if (set.size > MAX_SOCKETS_PER_MEMBER) {
      const oldest = set.values().next().value;
      if (oldest) {
        set.delete(oldest);
        oldest.close(realtimeCloseCodes.tooManyConnections, 'too many connections');
      }
    }
  }

  detach(memberId: bigint, socket: RealtimeSocket): void {
    const key = memberId.toString();
    const set = this.sockets.get(key);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.sockets.delete(key);
  }

  /** connected sockets on this instance (for tests and status) */
  get connections(): number {
    let count = 0;
    for (const set of this.sockets.values()) count += set.size;
    return count;
  }

  private deliver(memberKey: string, event: RealtimeEvent): void {
    const set = this.sockets.get(memberKey);
    if (!set) return;
    const text = JSON.stringify(event);
    for (const socket of set) {
      if (socket.readyState !== OPEN) continue;
      try {
        socket.send(text);
      } catch {
        // A socket that fails to send is dropped by the heartbeat.
      }
    }
  }

  private broadcast(event: RealtimeEvent): void {
    for (const key of this.sockets.keys()) this.deliver(key, event);
  }

  // LISTEN ----------------------------------------------------------------------------------------

  /** Starts listening (Redis or PostgreSQL); resolves once the first subscription is in place. */
  async start(): Promise<void> {
    if (this.fanOut === 'in-process' || !this.stopped) return;
    this.stopped = false;
    if (this.deps.redis) {
      await this.subscribeRedis(this.deps.redis);
      return;
    }
    await this.connect().catch((error: unknown) => this.scheduleReconnect(error));
  }

  /**
   * A connection of its own (a subscribed Redis connection can do nothing else). ioredis reconnects and
   * subscribes again by itself; events published meanwhile are lost, so the clients are told to resync.
   */
  private async subscribeRedis(redis: Redis): Promise<void> {
    const subscriber = redis.duplicate();
    subscriber.on('error', (error: unknown) =>
      this.deps.logger?.error({ err: error }, 'realtime: Redis subscription error'),
    );
    subscriber.on('message', (channel: string, payload: string) => {
      if (channel === CHANNEL) this.receive(payload);
    });
    let first = true;
    subscriber.on('ready', () => {
      if (!first) this.broadcast({ type: 'resync' });
      first = false;
    });
    await subscriber.subscribe(CHANNEL);
    this.subscriber = subscriber;
  }

  /** An envelope from another instance (or this one's own publish, heard back). */
  private receive(payload: string): void {
    try {
      const envelope = JSON.parse(payload) as Envelope;
      // Not re-validated: during a rolling deploy a newer instance may publish a message this one's
      // contract does not know yet, and the (newer) page should still receive it.
      const balances =
        envelope.b === true && typeof envelope.m === 'string'
          ? [envelope.m]
          : Array.isArray(envelope.bs)
            ? envelope.bs.filter((id): id is string => typeof id === 'string')
            : null;
      if (balances) {
        for (const memberKey of balances)
          this.pushBalance(memberKey).catch((error: unknown) =>
            this.deps.logger?.warn({ err: error }, 'realtime: reading a balance to push failed'),
          );
      } else {
        this.route(envelope);
      }
    } catch {
      this.deps.logger?.warn({ payload: payload.slice(0, 200) }, 'realtime: unreadable notification');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => undefined);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const listener = this.listener;
    this.listener = null;
    if (listener) await listener.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.deps.listenUrl });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) this.receive(message.payload);
    });
    client.on('error', (error) => {
      if (this.listener === client) this.listener = null;
      client.end().catch(() => undefined);
      this.scheduleReconnect(error);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.stopped) {
      await client.end();
      return;
    }
    const reconnected = this.reconnectDelayMs > 500;
    this.listener = client;
    this.reconnectDelayMs = 500;
    // Events published while nobody listened are lost: tell the clients to fetch what they show.
    if (reconnected) this.broadcast({ type: 'resync' });
  }

  private scheduleReconnect(error: unknown): void {
    if (this.stopped || this.reconnectTimer) return;
    this.deps.logger?.error(
      { err: error, retryInMs: this.reconnectDelayMs },
      'realtime: LISTEN connection lost',
    );
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(delay * 2, 30_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((next: unknown) => this.scheduleReconnect(next));
    }, delay);
    this.reconnectTimer.unref();
  }
}
