import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read from the rest of the server when Prometheus scrapes. */
export interface MetricSources {
  /** seamless-wallet rounds not yet settled or cancelled, per vendor */
  openRounds(): Promise<{ vendor: string; open: number }[]>;
  /** seconds each scheduled job is behind (0 when on time) */
  jobLag(): Promise<{ job: string; seconds: number }[]>;
  websocketConnections(): number;
  /** the PostgreSQL pool, when there is one (the embedded database has a single connection) */
  pool(): { total: number; idle: number; waiting: number } | undefined;
}

/**
 * The Prometheus registry of one server: its own (not prom-client's global one), so test apps built side
 * by side never share counters.
 */
export class OpsMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly requestSeconds: Histogram<'method' | 'route'>;
  readonly providerCalls: Counter<'vendor' | 'call' | 'outcome'>;
  readonly ledgerTransfers: Counter<'outcome'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'time to answer, by route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.providerCalls = new Counter({
      name: 'provider_calls_total',
      help: 'seamless-wallet calls from game vendors, by vendor, call and answer status (RS_OK, RS_ERROR_...)',
      labelNames: ['vendor', 'call', 'outcome'],
      registers,
    });
    this.ledgerTransfers = new Counter({
      name: 'ledger_transfers_total',
      help: 'ledger transfers made by this server: ok, refused (insufficient funds, conflict) or failed',
      labelNames: ['outcome'],
      registers,
    });
    new Gauge({
      name: 'provider_open_rounds',
      help: 'seamless-wallet rounds neither settled nor cancelled, per vendor',
      labelNames: ['vendor'],
      registers,
      async collect() {
        this.reset();
        for (const { vendor, open } of await sources.openRounds()) this.set({ vendor }, open);
      },
    });
    new Gauge({
      name: 'job_lag_seconds',
      help: 'how far each scheduled job is behind its last due period (0 when on time)',
      labelNames: ['job'],
      registers,
      async collect() {
        this.reset();
        for (const { job, seconds } of await sources.jobLag()) this.set({ job }, seconds);
      },
    });
    new Gauge({
      name: 'websocket_connections',
      help: 'open WebSocket connections on this server',
      registers,
      collect() {
        this.set(sources.websocketConnections());
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections of this server: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.pool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }
}
