import autocannon from 'autocannon';
import pg from 'pg';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';
import { startBuiltServer, startProcess } from './support/server.js';

/** The spec's claim: about 10,000 slot games. The lobby must stay fast at that size. */
const GAMES = 10_000;
const VENDORS = 24;

export interface LatencyFigure {
  query: string;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** at a steady STEADY_RATE requests/s: the answer time a player meets, without the queue of a flood */
  steady?: { p50Ms: number; p99Ms: number };
}

/** A busy lobby's rate, well under the ceiling: latency here is the query's, not the queue's. */
const STEADY_RATE = 100;

export type GameCatalogueLatency =
  | { skipped: string }
  | { games: number; hello: LatencyFigure; queries: LatencyFigure[]; connections: number; seconds: number };

/** A catalogue of GAMES games over VENDORS vendors, most of them slots, with made-up names. */
async function seedCatalogue(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const categories = [
      'RNG',
      'RNG',
      'RNG',
      'RNG',
      'RNG',
      'RNG',
      'LIVE',
      'FISH',
      'PVP',
      'SPORTS',
      'ELOTT',
      'RNG',
    ];
    for (let index = 0; index < VENDORS; index += 1) {
      await client.query(
        'insert into game_vendor (vassalage, category, title, sort_order) values ($1, $2, $3, $4)',
        [
          `V${String(index).padStart(2, '0')}`,
          categories[index % categories.length],
          `Vendor ${index}`,
          index,
        ],
      );
    }
    // Names from two word lists, so name searches hit some games and miss others as in a real lobby.
    await client.query(
      `insert into game (node_id, vassalage, game_code, game_name, game_classify, min_bet, min_line_num,
         platforms, is_hot, is_new, enabled, sort_order)
       select 'V' || lpad((n % $2)::text, 2, '0') || '-' || n,
              'V' || lpad((n % $2)::text, 2, '0'),
              n::text,
              (array['Golden','Lucky','Dragon','Tiger','Fortune','Mega','Wild','Royal','Super','Magic'])[1 + n % 10]
                || ' ' ||
              (array['Reels','Spins','Empire','Treasure','Jackpot','Gems','Fruits','Legends','Night','Riches'])[1 + (n / 10) % 10]
                || ' ' || n,
              (array['SLOT','SLOT','SLOT','TABLE','FISH'])[1 + n % 5],
              (array[10, 20, 50, 100, 500])[1 + n % 5],
              (array[9, 20, 25, 40, 50, 243])[1 + n % 6],
              case when n % 7 = 0 then array['html5'] else array['html5-desktop','html5'] end,
              n % 50 = 0, n % 80 = 0, n % 97 <> 0, n % 100
       from generate_series(1, $1) as n`,
      [GAMES, VENDORS],
    );
    // A catalogue is imported once and then read all day: autovacuum settles it, so the counts are
    // index-only scans. The bench measures that settled state.
    await client.query('vacuum analyze game');
  } finally {
    await client.end();
  }
}

async function latency(
  url: string,
  query: string,
  connections: number,
  seconds: number,
  options: { steady?: boolean } = {},
): Promise<LatencyFigure> {
  const result = await autocannon({ url, connections, duration: seconds });
  const steady = options.steady
    ? await autocannon({ url, connections, duration: seconds, overallRate: STEADY_RATE })
    : null;
  return {
    query,
    perSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.non2xx + (steady ? steady.errors + steady.non2xx : 0),
    ...(steady ? { steady: { p50Ms: steady.latency.p50, p99Ms: steady.latency.p99 } } : {}),
  };
}

/**
 * GET /wps/game/list on the production build over PostgreSQL with a 10,000-game catalogue: one figure
 * per kind of lobby query, beside a Fastify hello world measured the same way in the same run.
 */
export async function gameCatalogueLatency(seconds = 5, connections = 8): Promise<GameCatalogueLatency> {
  const serverUrl = process.env.DATABASE_URL;
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'DATABASE_URL is not set' };

  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const helloUrl = `http://127.0.0.1:${port}/`;
  const hello = await startProcess(['bench/support/hello-server.mjs'], { PORT: String(port) }, helloUrl);
  let helloFigure: LatencyFigure;
  try {
    helloFigure = await latency(helloUrl, 'Fastify hello world', connections, seconds);
  } finally {
    await hello.stop();
  }

  const scratch = await scratchDatabase(serverUrl, 'bench_games');
  const server = await startBuiltServer('production', { DATABASE_URL: scratch.url });
  try {
    await seedCatalogue(scratch.url);
    const queries = [
      'gameType=RNG',
      'vassalage=V03',
      'gameType=RNG&pageNo=40',
      'gameName=drag',
      'gameType=RNG&gameName=golden%20jack',
      'gameType=RNG&gameClassify=SLOT&minBet=0.50&minLineNum=25&platform=html5-desktop',
    ];
    const figures: LatencyFigure[] = [];
    for (const query of queries) {
      figures.push(
        await latency(`${server.url}/wps/game/list?${query}`, query, connections, seconds, { steady: true }),
      );
    }
    return { games: GAMES, hello: helloFigure, queries: figures, connections, seconds };
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

/** Lines for run-all.ts. */
export function describeGameCatalogue(result: GameCatalogueLatency): string[] {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  const line = (figure: LatencyFigure) =>
    `  ${figure.query}: ${figure.perSecond.toFixed(0)} req/s` +
    ` = ${((figure.perSecond / result.hello.perSecond) * 100).toFixed(1)}% of hello world` +
    ` (flooded by ${result.connections} connections: p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms)` +
    (figure.steady
      ? `; at a steady ${STEADY_RATE} req/s: p50 ${figure.steady.p50Ms} ms, p99 ${figure.steady.p99Ms} ms`
      : '') +
    (figure.failures ? `, ${figure.failures} failed` : '');
  return [line(result.hello), ...result.queries.map(line)];
}

// `npx tsx bench/game-catalogue.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await gameCatalogueLatency();
  console.log('GET /wps/game/list with 10,000 games on PostgreSQL (DATABASE_URL):');
  for (const line of describeGameCatalogue(result)) console.log(line);
}
