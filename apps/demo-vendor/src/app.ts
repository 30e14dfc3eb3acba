import { createRequire } from 'node:module';
import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import ts from 'typescript';
import { gameThumbnail, symbolArt } from './art.js';
import { demoStudios, findGame, type DemoGame } from './catalogue.js';
import { chaosNames, type ChaosSwitches } from './chaos.js';
import type { DemoVendorConfig } from './config.js';
import { pageLanguage } from './i18n.js';
import { gamePage, indexPage, messagePage } from './pages.js';
import { minorOf, newId, playSpinRound, Settler, type RoundDeps } from './rounds.js';
import { isFishId, shoot, shotRoundDetail } from './fish.js';
import { isRouletteSpot } from './roulette.js';
import { SessionStore, type PlayerSession } from './sessions.js';
import { returnToPlayer, slotMachines, slotRoundDetail, spin, type SlotSymbol } from './slots.js';
import { ShowdownRoom } from './showdown-room.js';
import { leagues, picks, Sportsbook, type Selection } from './sports.js';
import { RouletteTable } from './table.js';
import { registerTransferVendor } from './transfer-vendor.js';
import { WalletClient, type Transport, type WalletEvent } from './wallet-client.js';

/** The Bengali part of the font the site ships, served by the simulator for its own pages. */
const BENGALI_FONT_FILE = createRequire(import.meta.url).resolve(
  '@fontsource-variable/noto-sans-bengali/files/noto-sans-bengali-bengali-wght-normal.woff2',
);
let bengaliFont: Buffer | undefined;

/** What tests replace: the wire to the platform, the clock, the waits between retries. */
export interface DemoVendorDeps {
  transport?: Transport;
  now?: () => number;
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  pick?: (exclusiveMax: number) => number;
  /** the transfer vendor's wallet file (DEMO_VENDOR_DATA_DIR, or apps/demo-vendor/data) */
  dataDir?: string;
  /** where the serving process keeps the wins and rollbacks it still owes (none: kept in memory only) */
  owedPaymentsFile?: string;
}

const SESSION_HEADER = 'x-demo-session';
const EVENTS_KEPT = 500;
const clientFiles = ['common', 'slot', 'roulette', 'fish', 'sports', 'showdown'] as const;

/**
 * The demo game vendor: game pages opened by our launch URL, and the calls a real vendor makes to our
 * wallet API behind them. Nothing here reaches the platform but its public HTTP API.
 */
export async function buildDemoVendorApp(config: DemoVendorConfig, deps: DemoVendorDeps = {}) {
  const now = deps.now ?? Date.now;
  const pick = deps.pick ?? randomInt;
  const chaos: ChaosSwitches = { ...config.chaos };
  const events: WalletEvent[] = [];
  const sessions = new SessionStore(now);
  const settler = new Settler(
    now,
    deps.owedPaymentsFile
      ? { file: deps.owedPaymentsFile, clientOf: (vendorCode) => clients.get(vendorCode) }
      : undefined,
  );
  const roundDeps: RoundDeps = { settler, chaos: () => chaos, pick };
  const clients = new Map(
    demoStudios.map((studio) => [
      studio.vendorCode,
      new WalletClient({
        baseUrl: config.platformUrl,
        vendorCode: studio.vendorCode,
        secret: config.secret,
        timeoutMs: config.timeoutMs,
        now,
        pick,
        chaos: () => chaos,
        onEvent: (event) => {
          events.push(event);
          events.splice(0, Math.max(0, events.length - EVENTS_KEPT));
        },
        ...(deps.transport ? { transport: deps.transport } : {}),
        ...(deps.retryDelaysMs ? { retryDelaysMs: deps.retryDelaysMs } : {}),
        ...(deps.sleep ? { sleep: deps.sleep } : {}),
      }),
    ]),
  );
  // What an earlier run still owed goes out again with the first settling pass.
  settler.restore();
  const clientFor = (vendorCode: string): WalletClient => {
    const client = clients.get(vendorCode);
    if (!client) throw new Error(`demo vendor: no studio ${vendorCode}`);
    return client;
  };
  const books = new Map(
    demoStudios.flatMap((studio) =>
      studio.games
        .filter((game) => game.kind === 'sports')
        .map(
          (game) =>
            [
              game.code,
              new Sportsbook(game.code, clientFor, roundDeps, now, leagues[game.league ?? 'football']),
            ] as const,
        ),
    ),
  );
  /** the PVP games' rooms: game code -> room id -> room */
  const rooms = new Map(
    demoStudios.flatMap((studio) =>
      studio.games
        .filter((game) => game.kind === 'showdown')
        .map(
          (game) =>
            [
              game.code,
              new Map(
                (game.rooms ?? []).map(
                  (spec) => [spec.id, new ShowdownRoom(game.code, spec, clientFor, roundDeps, now)] as const,
                ),
              ),
            ] as const,
        ),
    ),
  );
  const allRooms = () => [...rooms.values()].flatMap((byId) => [...byId.values()]);
  const tables = new Map(
    demoStudios.flatMap((studio) =>
      studio.games
        .filter((game) => game.kind === 'roulette')
        .map((game) => [game.code, new RouletteTable(game.code, clientFor, roundDeps, now)] as const),
    ),
  );

  const app = Fastify({ logger: false });
  const pagePolicy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
    `frame-ancestors 'self' ${config.frameAncestors.join(' ')}`,
  ].join('; ');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // The game page's address holds its session id: it is never sent on as a referrer.
    reply.header('referrer-policy', 'no-referrer');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-security-policy', pagePolicy)
      .type('text/html; charset=utf-8')
      .send(body);
  const sessionOf = (request: FastifyRequest): PlayerSession | null => {
    const header = request.headers[SESSION_HEADER];
    return sessions.get(typeof header === 'string' ? header : undefined);
  };

  app.get('/health', async () => ({ ok: true, simulator: true }));
  // Browsers ask for it on every page; the simulator has none.
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());

  app.get<{ Querystring: { language?: string } }>('/', async (request, reply) =>
    html(reply, 200, indexPage(pageLanguage(request.query.language), demoStudios)),
  );

  app.get<{ Params: { file: string } }>('/art/:file', async (request, reply) => {
    const code = /^([a-z0-9-]{1,60})\.svg$/.exec(request.params.file)?.[1];
    const game = code
      ? demoStudios.flatMap((studio) => studio.games).find((item) => item.code === code)
      : undefined;
    if (!game) return reply.code(404).send({ error: 'no such artwork' });
    return (
      reply
        .header('cache-control', 'public, max-age=86400')
        // Our lobby shows these images from another origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        .type('image/svg+xml')
        .send(gameThumbnail(game))
    );
  });

  const compiled = new Map<string, string>();
  app.get<{ Params: { file: string } }>('/static/:file', async (request, reply) => {
    const file = request.params.file;
    if (file === 'bengali.woff2') {
      const font = bengaliFont ?? (bengaliFont = await readFile(BENGALI_FONT_FILE));
      return reply.header('cache-control', 'public, max-age=86400').type('font/woff2').send(font);
    }
    if (file === 'game.css') {
      const css =
        compiled.get(file) ?? (await readFile(new URL('./client/game.css', import.meta.url), 'utf8'));
      compiled.set(file, css);
      return reply.header('cache-control', 'public, max-age=300').type('text/css; charset=utf-8').send(css);
    }
    const name = clientFiles.find((item) => `${item}.js` === file);
    if (!name) return reply.code(404).send({ error: 'no such file' });
    let code = compiled.get(name);
    if (code === undefined) {
      // The page scripts are TypeScript (type-checked with tsconfig.client.json), turned into
      // JavaScript once per process: the simulator has no build step.
      const source = await readFile(new URL(`./client/${name}.ts`, import.meta.url), 'utf8');
      code = ts.transpileModule(source, {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      }).outputText;
      compiled.set(name, code);
    }
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('text/javascript; charset=utf-8')
      .send(code);
  });

  app.get<{
    Params: { vendor: string };
    Querystring: { token?: string; game?: string; language?: string; lobby?: string; room?: string };
  }>('/v/:vendor/play', async (request, reply) => {
    const language = pageLanguage(request.query.language);
    const lobby = safeLobby(request.query.lobby);
    const game = findGame(request.params.vendor, request.query.game ?? '');
    if (!game || !request.query.token) return html(reply, 404, messagePage(language, 'unknownGame', lobby));
    const client = clientFor(request.params.vendor);
    const result = await client.send('authenticate', {
      request_uuid: newId('req'),
      token: request.query.token,
      game_code: game.code,
    });
    if (!result.ok) return html(reply, 401, messagePage(language, 'launchFailed', lobby));
    const session = sessions.create({
      vendorCode: request.params.vendor,
      gameCode: game.code,
      playerId: result.answer.player_id,
      gameToken: request.query.token,
      currency: result.answer.currency,
      demo: result.answer.demo,
      balance: result.answer.balance,
      language,
      lobby,
      // A PVP launch names the room the player chose in the lobby; the page seats the player there.
      room: game.rooms?.some((room) => room.id === request.query.room) ? (request.query.room ?? null) : null,
    });
    return reply.redirect(`/game/${session.id}`, 303);
  });

  // The vendor's room list, as an operator's lobby asks for it (our server, server to server): every
  // room of the vendor's PVP games with its seats taken or free. Public: it names no player.
  app.get<{ Params: { vendor: string }; Querystring: { game?: string } }>(
    '/v/:vendor/rooms',
    async (request, reply) => {
      const studio = demoStudios.find((item) => item.vendorCode === request.params.vendor);
      if (!studio) return reply.code(404).send({ error: 'no such vendor' });
      const list = studio.games
        .filter((game) => game.kind === 'showdown')
        .filter((game) => !request.query.game || game.code === request.query.game)
        .flatMap((game) => [...(rooms.get(game.code)?.values() ?? [])].map((room) => room.listing()));
      return reply.header('cache-control', 'no-store').send({ rooms: list });
    },
  );

  app.get<{ Params: { session: string }; Querystring: { language?: string } }>(
    '/game/:session',
    async (request, reply) => {
      const session = sessions.get(request.params.session);
      if (!session)
        return html(reply, 404, messagePage(pageLanguage(request.query.language), 'sessionGone', null));
      const game = findGame(session.vendorCode, session.gameCode) as DemoGame;
      const machine = slotMachines[game.code];
      const extra = machine
        ? {
            rtp: `${(returnToPlayer(machine) * 100).toFixed(1)}%`,
            // Only this machine's symbols: the still picture before the first spin shows them.
            symbols: Object.fromEntries(
              Object.entries(symbolArt).filter(([symbol]) =>
                machine.reels.some((reel) => reel.includes(symbol as SlotSymbol)),
              ),
            ),
          }
        : {};
      return html(reply, 200, gamePage(session, game, extra));
    },
  );

  app.post<{ Body: { stake?: unknown } }>('/api/spin', async (request, reply) => {
    const session = sessionOf(request);
    if (!session) return reply.code(401).send({ ok: false, reason: 'session' });
    const game = findGame(session.vendorCode, session.gameCode);
    const machine = game ? slotMachines[game.code] : undefined;
    const stake = request.body?.stake;
    if (!game || !machine || typeof stake !== 'string' || !game.stakes.includes(stake)) {
      return reply.code(400).send({ ok: false, reason: 'refused' });
    }
    const round = await playSpinRound(clientFor(session.vendorCode), roundDeps, session, stake, () => {
      const outcome = spin(machine, minorOf(stake), pick);
      return { outcome, winMinor: outcome.total, detail: slotRoundDetail(outcome) };
    });
    if (round.balance !== null) session.balance = round.balance;
    if (!round.played) return { ok: false, reason: round.reason, balance: round.balance };
    return {
      ok: true,
      round: round.round,
      grid: round.outcome.grid,
      wins: round.outcome.wins.map((win) => ({ ...win, pay: String(win.pay) })),
      win: round.win,
      balance: round.balance,
    };
  });

  app.post<{ Body: { stake?: unknown; fish?: unknown } }>('/api/shoot', async (request, reply) => {
    const session = sessionOf(request);
    if (!session) return reply.code(401).send({ ok: false, reason: 'session' });
    const game = findGame(session.vendorCode, session.gameCode);
    const { stake, fish } = request.body ?? {};
    if (
      game?.kind !== 'fish' ||
      typeof stake !== 'string' ||
      !game.stakes.includes(stake) ||
      typeof fish !== 'string' ||
      !isFishId(fish)
    ) {
      return reply.code(400).send({ ok: false, reason: 'refused' });
    }
    // One shot is one round: its bet, then its win (zero when the fish gets away).
    const round = await playSpinRound(clientFor(session.vendorCode), roundDeps, session, stake, () => {
      const outcome = shoot(fish, minorOf(stake), pick);
      return { outcome, winMinor: outcome.win, detail: shotRoundDetail(outcome) };
    });
    if (round.balance !== null) session.balance = round.balance;
    if (!round.played) return { ok: false, reason: round.reason, balance: round.balance };
    return {
      ok: true,
      round: round.round,
      fish,
      caught: round.outcome.caught,
      win: round.win,
      balance: round.balance,
    };
  });

  app.get('/api/balance', async (request, reply) => {
    const session = sessionOf(request);
    if (!session) return reply.code(401).send({ ok: false, reason: 'session' });
    const result = await clientFor(session.vendorCode).send('balance', {
      request_uuid: newId('req'),
      player_id: session.playerId,
      currency: session.currency,
      game_code: session.gameCode,
    });
    if (result.ok) session.balance = result.answer.balance;
    return { ok: result.ok, balance: session.balance };
  });

  app.get<{ Params: { game: string } }>('/api/table/:game/state', async (request, reply) => {
    const session = sessionOf(request);
    const table = tables.get(request.params.game);
    if (!session || !table || session.gameCode !== table.gameCode) {
      return reply.code(401).send({ ok: false, reason: 'session' });
    }
    return { ok: true, ...table.view(), balance: session.balance, result: session.tableResult ?? null };
  });

  app.post<{ Params: { game: string }; Body: { spot?: unknown; stake?: unknown } }>(
    '/api/table/:game/bet',
    async (request, reply) => {
      const session = sessionOf(request);
      const table = tables.get(request.params.game);
      if (!session || !table || session.gameCode !== table.gameCode) {
        return reply.code(401).send({ ok: false, reason: 'session' });
      }
      const game = findGame(session.vendorCode, session.gameCode);
      const { spot, stake } = request.body ?? {};
      if (
        !game ||
        typeof spot !== 'string' ||
        !isRouletteSpot(spot) ||
        typeof stake !== 'string' ||
        !game.stakes.includes(stake)
      ) {
        return reply.code(400).send({ ok: false, reason: 'refused' });
      }
      const answer = await table.bet(session, spot, stake);
      if (answer.balance !== null) session.balance = answer.balance;
      return { ok: answer.accepted, reason: answer.reason, balance: answer.balance };
    },
  );

  app.get<{ Params: { game: string } }>('/api/sports/:game/state', async (request, reply) => {
    const session = sessionOf(request);
    const book = books.get(request.params.game);
    if (!session || !book || session.gameCode !== book.gameCode) {
      return reply.code(401).send({ ok: false, reason: 'session' });
    }
    return { ok: true, ...book.view(session), balance: session.balance };
  });

  app.post<{ Params: { game: string }; Body: { stake?: unknown; selections?: unknown } }>(
    '/api/sports/:game/bet',
    async (request, reply) => {
      const session = sessionOf(request);
      const book = books.get(request.params.game);
      if (!session || !book || session.gameCode !== book.gameCode) {
        return reply.code(401).send({ ok: false, reason: 'session' });
      }
      const game = findGame(session.vendorCode, session.gameCode);
      const { stake, selections } = request.body ?? {};
      const valid =
        Array.isArray(selections) &&
        selections.every(
          (item: unknown): item is Selection =>
            typeof item === 'object' &&
            item !== null &&
            typeof (item as Selection).fixture === 'string' &&
            (picks as readonly unknown[]).includes((item as Selection).pick),
        );
      if (!game || typeof stake !== 'string' || !game.stakes.includes(stake) || !valid) {
        return reply.code(400).send({ ok: false, reason: 'refused' });
      }
      const answer = await book.bet(session, selections, stake);
      if (answer.balance !== null) session.balance = answer.balance;
      return { ok: answer.accepted, reason: answer.reason, balance: answer.balance };
    },
  );

  const showdownOf = (request: FastifyRequest<{ Params: { game: string } }>) => {
    const session = sessionOf(request);
    const byId = rooms.get(request.params.game);
    if (!session || !byId || session.gameCode !== request.params.game) return null;
    const seatedIn = [...byId.values()].find((room) => room.seatOf(session) !== null) ?? null;
    return { session, byId, seatedIn };
  };

  app.get<{ Params: { game: string } }>('/api/showdown/:game/state', async (request, reply) => {
    const found = showdownOf(request);
    if (!found) return reply.code(401).send({ ok: false, reason: 'session' });
    const { session, byId, seatedIn } = found;
    return {
      ok: true,
      balance: session.balance,
      wanted: session.room ?? null,
      table: seatedIn ? seatedIn.view(session) : null,
      rooms: [...byId.values()].map((room) => room.listing()),
    };
  });

  app.post<{ Params: { game: string }; Body: { room?: unknown } }>(
    '/api/showdown/:game/sit',
    async (request, reply) => {
      const found = showdownOf(request);
      if (!found) return reply.code(401).send({ ok: false, reason: 'session' });
      const { session, byId, seatedIn } = found;
      const room = typeof request.body?.room === 'string' ? byId.get(request.body.room) : undefined;
      if (!room) return reply.code(400).send({ ok: false, reason: 'refused' });
      if (seatedIn && seatedIn !== room) seatedIn.leave(session);
      const answer = room.sit(session);
      if ('full' in answer) return { ok: false, reason: 'full' };
      session.room = room.spec.id;
      return { ok: true, seat: answer.seat };
    },
  );

  app.post<{ Params: { game: string } }>('/api/showdown/:game/leave', async (request, reply) => {
    const found = showdownOf(request);
    if (!found) return reply.code(401).send({ ok: false, reason: 'session' });
    found.seatedIn?.leave(found.session);
    found.session.room = null;
    return { ok: true };
  });

  app.post<{ Params: { game: string } }>('/api/showdown/:game/ante', async (request, reply) => {
    const found = showdownOf(request);
    if (!found) return reply.code(401).send({ ok: false, reason: 'session' });
    if (!found.seatedIn) return { ok: false, reason: 'not-seated', balance: null };
    const answer = await found.seatedIn.ante(found.session);
    if (answer.balance !== null) found.session.balance = answer.balance;
    return { ok: answer.accepted, reason: answer.reason, balance: answer.balance };
  });

  // Chaos and what the wallet client did: for tests and demos, from this machine only.
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request, reply) => {
      if (!isLoopback(request.ip))
        return reply.code(403).send({ error: 'the admin endpoints answer loopback only' });
    });
    admin.get('/admin/chaos', async () => chaos);
    admin.put<{ Body: Record<string, unknown> }>('/admin/chaos', async (request, reply) => {
      const body = request.body ?? {};
      const next = { ...chaos };
      for (const [name, value] of Object.entries(body)) {
        if (
          !(chaosNames as readonly string[]).includes(name) ||
          typeof value !== 'number' ||
          !Number.isInteger(value) ||
          value < 0 ||
          value > 100
        ) {
          return reply
            .code(400)
            .send({ error: `${name}: one of ${chaosNames.join(', ')}, a whole percentage 0 to 100` });
        }
        next[name as keyof ChaosSwitches] = value;
      }
      Object.assign(chaos, next);
      return chaos;
    });
    admin.get('/admin/events', async () => ({ events, owed: settler.pending }));
    admin.post('/admin/settle', async () => ({ settled: await settler.flush(true), owed: settler.pending }));
  });

  // The transfer-model vendor (ADR 021): its own wallet API, launch and page (transfer-vendor.ts).
  const transferVendor = await registerTransferVendor(app, {
    ...deps,
    config,
    chaos: () => chaos,
    pick,
    now,
    html,
    dataDir:
      deps.dataDir ?? process.env.DEMO_VENDOR_DATA_DIR ?? fileURLToPath(new URL('../data', import.meta.url)),
  });

  let timers: NodeJS.Timeout[] = [];
  return {
    app,
    transferVendor,
    sessions,
    settler,
    tables,
    books,
    rooms,
    chaos,
    events,
    clientFor,
    /** the tables' clock and the owed payments' retries (the serving process only; tests drive them) */
    startTimers(): void {
      timers = [
        setInterval(() => {
          for (const table of tables.values()) table.tick(pick);
          for (const book of books.values()) book.tick(pick);
          for (const room of allRooms()) room.tick(pick);
        }, 250),
        setInterval(() => void settler.flush(), 1000),
      ];
    },
    stopTimers(): void {
      for (const timer of timers) clearInterval(timer);
      timers = [];
    },
  };
}
export type DemoVendorApp = Awaited<ReturnType<typeof buildDemoVendorApp>>;

/** The lobby link goes back to the site: an http(s) address only (never javascript: or the like). */
function safeLobby(value: string | undefined): string | null {
  if (!value) return null;
  const url = URL.parse(value);
  return url && ['http:', 'https:'].includes(url.protocol) ? url.href : null;
}

const isLoopback = (ip: string): boolean => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
