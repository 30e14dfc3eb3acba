import autocannon from 'autocannon';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';
import { startBuiltServer, startProcess } from './support/server.js';

export interface HttpFigure {
  perSecond: number;
  p99Ms: number;
  failures: number;
}

export interface ApiThroughput {
  hello: HttpFigure;
  databases: {
    name: string;
    figures: { call: string; figure: HttpFigure }[] | { skipped: string };
  }[];
  connections: number;
  durationSeconds: number;
}

async function measure(
  url: string,
  connections: number,
  durationSeconds: number,
  headers: Record<string, string> = {},
): Promise<HttpFigure> {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  return {
    perSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.errors + result.non2xx,
  };
}

export async function helloWorld(connections: number, durationSeconds: number): Promise<HttpFigure> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}/`;
  const hello = await startProcess(['bench/support/hello-server.mjs'], { PORT: String(port) }, url);
  try {
    return await measure(url, connections, durationSeconds);
  } finally {
    await hello.stop();
  }
}

/** The cheap public call and two authenticated reads of a demo member, on one database. */
async function apiCalls(databaseUrl: string, connections: number, durationSeconds: number) {
  const server = await startBuiltServer('demo', { DATABASE_URL: databaseUrl });
  try {
    // The bench logs in from this machine's address, which the demo member has never used.
    await server.operator('settings', 'set', 'auth.newIpVerification', 'false');
    const login = await fetch(`${server.url}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo01', password: 'Demo1234' }),
    });
    const token = ((await login.json()) as { value?: { token?: string } }).value?.token;
    if (!token) throw new Error(`the demo login answered HTTP ${login.status}`);
    const auth = { authorization: `Bearer ${token}` };
    return [
      {
        call: 'GET /wps/system/status',
        figure: await measure(`${server.url}/wps/system/status`, connections, durationSeconds),
      },
      {
        call: 'GET /wps/v2/wallets/balance (member)',
        figure: await measure(`${server.url}/wps/v2/wallets/balance`, connections, durationSeconds, auth),
      },
      {
        call: 'GET /wps/member/info (member)',
        figure: await measure(`${server.url}/wps/member/info`, connections, durationSeconds, auth),
      },
    ];
  } finally {
    await server.stop();
  }
}

/**
 * Requests per second and p99 of the hot calls on the built server, on the embedded database and on
 * PostgreSQL (DATABASE_URL), each beside Fastify's hello world measured in the same run.
 */
export async function apiThroughput(durationSeconds = 10, connections = 50): Promise<ApiThroughput> {
  const hello = await helloWorld(connections, durationSeconds);
  const databases: ApiThroughput['databases'] = [
    { name: 'embedded (PGlite)', figures: await apiCalls('', connections, durationSeconds) },
  ];
  const unavailable = await postgresUnavailable(process.env.DATABASE_URL);
  if (unavailable || !process.env.DATABASE_URL) {
    databases.push({ name: 'PostgreSQL', figures: { skipped: unavailable ?? 'DATABASE_URL is not set' } });
  } else {
    const scratch = await scratchDatabase(process.env.DATABASE_URL, 'bench_api');
    try {
      databases.push({
        name: 'PostgreSQL',
        figures: await apiCalls(scratch.url, connections, durationSeconds),
      });
    } finally {
      await scratch.drop();
    }
  }
  return { hello, databases, connections, durationSeconds };
}

/** Lines for run-all.ts. */
export function describeApiThroughput(result: ApiThroughput): string[] {
  const line = (name: string, figure: HttpFigure) =>
    `  ${name.padEnd(40)} ${figure.perSecond.toFixed(0).padStart(7)} req/s  ${(
      (figure.perSecond / result.hello.perSecond) *
      100
    )
      .toFixed(1)
      .padStart(5)}% of hello  p99 ${String(figure.p99Ms).padStart(4)} ms  ${figure.failures} failed`;
  const lines = [line('Fastify hello world (same run)', result.hello)];
  for (const database of result.databases) {
    lines.push(` ${database.name}:`);
    if ('skipped' in database.figures) lines.push(`  skipped: ${database.figures.skipped}`);
    else for (const { call, figure } of database.figures) lines.push(line(call, figure));
  }
  return lines;
}

// `npx tsx bench/api-throughput.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await apiThroughput();
  console.log(`HTTP, built server, ${result.connections} connections, ${result.durationSeconds} s each:`);
  for (const line of describeApiThroughput(result)) console.log(line);
}
