import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatMoney, parseProviderAmount, transferApiHeaders } from '@platform/contract';
import { symbolArt } from './art.js';
import type { DemoGame, DemoStudio } from './catalogue.js';
import { fires, type ChaosSwitches } from './chaos.js';
import type { DemoVendorConfig } from './config.js';
import { pageLanguage } from './i18n.js';
import { escapeHtml } from './pages.js';
import { newId } from './rounds.js';
import { SessionStore, type PageLanguage, type PlayerSession } from './sessions.js';
import { signBody } from './signing.js';
import { slotMachines, spin, type SlotSymbol } from './slots.js';
import { TransferWalletStore } from './transfer-wallet.js';
import { WalletClient, type Transport } from './wallet-client.js';

/**
 * The demo vendor on the transfer model (ADR 021): it keeps its own wallet. The platform moves money
 * in and out through the signed wallet API below (deposit, withdraw, balance, status; idempotent on
 * the platform's transfer id), and the player plays against the balance held here. The launch still
 * trades the platform's launch token for the player (authenticate), the one seamless call it makes.
 */
export const transferStudio: DemoStudio = {
  vendorCode: 'DEMO_XFER',
  category: 'RNG',
  title: 'Demo Transfer Wallet (simulator)',
  games: [
    {
      code: 'tea-garden-reels',
      kind: 'slot',
      name: { en: 'Tea Garden Reels (demo)', bn: 'চা বাগানের রিল (ডেমো)' },
      minBet: '1.00',
      stakes: ['1.00', '2.00', '5.00', '10.00'],
      lines: 5,
      reels: 3,
      rows: 3,
      colours: ['#7fb069', '#1b4332'],
    },
  ],
};
/** The slot rules it plays: Mango Grove's strips and pays (slots.ts), so its RTP is tested there. */
const machine = slotMachines['mango-grove'];
const CURRENCY = 'BDT';
const CLOCK_SKEW_SECONDS = 120;

const texts = {
  title: { en: 'Tea Garden Reels — transfer wallet', bn: 'চা বাগানের রিল — ট্রান্সফার ওয়ালেট' },
  balanceHere: { en: 'Your balance at this vendor', bn: 'এই ভেন্ডরে আপনার ব্যালান্স' },
  explain: {
    en: 'This vendor keeps its own wallet. Move money in and out on the site: My wallet.',
    bn: 'এই ভেন্ডর নিজস্ব ওয়ালেট রাখে। সাইটের "আমার ওয়ালেট" থেকে টাকা আনা-নেওয়া করুন।',
  },
  stake: { en: 'Bet', bn: 'বাজি' },
  spin: { en: 'Spin', bn: 'স্পিন' },
  won: { en: 'You won', bn: 'আপনি জিতেছেন' },
  lost: { en: 'No win this time', bn: 'এবার জয় নেই' },
  notEnough: {
    en: 'Not enough balance here: transfer money in from My wallet',
    bn: 'এখানে পর্যাপ্ত ব্যালান্স নেই: "আমার ওয়ালেট" থেকে টাকা আনুন',
  },
  gone: {
    en: 'This game session has ended. Open the game again from the lobby.',
    bn: 'এই গেম সেশন শেষ হয়েছে। লবি থেকে গেমটি আবার খুলুন।',
  },
  launchFailed: {
    en: 'The game could not be opened. Open it again from the lobby.',
    bn: 'গেমটি খোলা যায়নি। লবি থেকে আবার খুলুন।',
  },
  label: {
    en: 'Demo game vendor — simulator, not real money',
    bn: 'ডেমো গেম ভেন্ডর — সিমুলেটর, আসল টাকা নয়',
  },
  back: { en: 'Back to lobby', bn: 'লবিতে ফিরুন' },
} as const;
const say = (language: PageLanguage, key: keyof typeof texts): string => texts[key][language];

export interface TransferVendorOptions {
  config: DemoVendorConfig;
  chaos: () => ChaosSwitches;
  pick: (exclusiveMax: number) => number;
  now: () => number;
  /** where the wallet file lives (DEMO_VENDOR_DATA_DIR, or apps/demo-vendor/data) */
  dataDir: string;
  html: (reply: FastifyReply, status: number, body: string) => FastifyReply;
  transport?: Transport;
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

/** What one spin showed, for the page after the redirect. */
interface LastSpin {
  grid: SlotSymbol[][];
  stake: bigint;
  win: bigint;
  ok: boolean;
}

/**
 * Registers the transfer vendor's routes on the simulator: /transfer-api/DEMO_XFER/<call> (the wallet
 * API the platform calls), /t/DEMO_XFER/play (the launch URL), /t/game/<session> (the page, no script:
 * a form posts each spin).
 */
export async function registerTransferVendor(app: FastifyInstance, options: TransferVendorOptions) {
  const store = await TransferWalletStore.open(options.dataDir, options.now);
  const sessions = new SessionStore(options.now);
  const lastSpins = new Map<string, LastSpin>();
  const client = new WalletClient({
    baseUrl: options.config.platformUrl,
    vendorCode: transferStudio.vendorCode,
    secret: options.config.secret,
    timeoutMs: options.config.timeoutMs,
    now: options.now,
    pick: options.pick,
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const game = transferStudio.games[0] as DemoGame;

  await app.register(async (scope) => {
    // The signature covers the exact bytes: the body is kept as text and parsed after the check.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { vendor: string; call: string }; Body: string }>(
      '/transfer-api/:vendor/:call',
      async (request, reply) => {
        const refuse = (status: number, code: string, message: string) =>
          reply.code(status).send({ status: code, message });
        if (request.params.vendor !== transferStudio.vendorCode)
          return refuse(404, 'INVALID_REQUEST', 'no such vendor');
        const raw = typeof request.body === 'string' ? request.body : '';
        const timestamp = request.headers[transferApiHeaders.timestamp];
        const signature = request.headers[transferApiHeaders.signature];
        if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp) || typeof signature !== 'string') {
          return refuse(401, 'SIGNATURE', 'missing signature or timestamp');
        }
        const expected = Buffer.from(signBody(options.config.secret, timestamp, raw), 'hex');
        const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return refuse(401, 'SIGNATURE', 'signature does not match');
        }
        if (Math.abs(Math.floor(options.now() / 1000) - Number(timestamp)) > CLOCK_SKEW_SECONDS) {
          return refuse(401, 'SIGNATURE', 'stale timestamp');
        }
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return refuse(400, 'INVALID_REQUEST', 'not JSON');
        }
        const text = (name: string): string | null =>
          typeof body[name] === 'string' && (body[name] as string).length <= 100
            ? (body[name] as string)
            : null;
        switch (request.params.call) {
          case 'deposit':
          case 'withdraw': {
            const transferId = text('transfer_id');
            const playerId = text('player_id');
            const amount = parseProviderAmount(text('amount') ?? '');
            if (
              !transferId ||
              !playerId ||
              !amount.ok ||
              amount.minor <= 0n ||
              text('currency') !== CURRENCY
            ) {
              return refuse(400, 'INVALID_REQUEST', 'transfer_id, player_id, a positive amount and BDT');
            }
            const chaos = options.chaos();
            if (fires(chaos.transferDrop, options.pick)) return hangUp(reply);
            const answer =
              request.params.call === 'deposit'
                ? await store.deposit(transferId, playerId, amount.minor)
                : await store.withdraw(transferId, playerId, amount.minor);
            // Applied (or refused) and remembered, then the answer is lost on the way.
            if (fires(chaos.transferTimeout, options.pick)) return hangUp(reply);
            if (!answer.ok)
              return reply.code(409).send({ status: answer.code, balance: formatMoney(answer.balance) });
            return { status: 'OK', transfer_id: transferId, balance: formatMoney(answer.balance) };
          }
          case 'balance': {
            const playerId = text('player_id');
            if (!playerId) return refuse(400, 'INVALID_REQUEST', 'player_id');
            return { status: 'OK', balance: formatMoney(store.balanceOf(playerId)) };
          }
          case 'status': {
            const transferId = text('transfer_id');
            if (!transferId) return refuse(400, 'INVALID_REQUEST', 'transfer_id');
            const found = await store.status(transferId);
            return {
              status: 'OK',
              transfer_id: transferId,
              state: found.state === 'tombstone' ? 'not_found' : found.state,
              ...(found.direction
                ? { direction: found.direction, amount: formatMoney(BigInt(found.amount)) }
                : {}),
            };
          }
          default:
            return refuse(404, 'INVALID_REQUEST', 'no such call');
        }
      },
    );
    // The game page has no script: each spin is a form post, then the page again (303).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Params: { session: string }; Body: { stake?: unknown } }>(
      '/t/game/:session/spin',
      async (request, reply) => {
        const session = sessions.get(request.params.session);
        if (!session || !machine) return options.html(reply, 404, page('en', say('en', 'gone'), null));
        const stake = typeof request.body?.stake === 'string' ? request.body.stake : '';
        const minor = parseProviderAmount(stake);
        if (!game.stakes.includes(stake) || !minor.ok) return reply.redirect(`/t/game/${session.id}`, 303);
        let grid: SlotSymbol[][] = [];
        const played = await store.play(session.playerId, minor.minor, (stakeMinor) => {
          const outcome = spin(machine, stakeMinor, options.pick);
          grid = outcome.grid;
          return outcome.total;
        });
        lastSpins.set(session.id, { grid, stake: minor.minor, win: played.win, ok: played.ok });
        return reply.redirect(`/t/game/${session.id}`, 303);
      },
    );
  });

  app.get<{
    Params: { vendor: string };
    Querystring: { token?: string; game?: string; language?: string; lobby?: string };
  }>('/t/:vendor/play', async (request, reply) => {
    const language = pageLanguage(request.query.language);
    const lobby = safeLobby(request.query.lobby);
    if (
      request.params.vendor !== transferStudio.vendorCode ||
      request.query.game !== game.code ||
      !request.query.token
    ) {
      return options.html(reply, 404, page(language, say(language, 'launchFailed'), lobby));
    }
    const result = await client.send('authenticate', {
      request_uuid: newId('req'),
      token: request.query.token,
      game_code: game.code,
    });
    if (!result.ok) return options.html(reply, 401, page(language, say(language, 'launchFailed'), lobby));
    const session = sessions.create({
      vendorCode: transferStudio.vendorCode,
      gameCode: game.code,
      playerId: result.answer.player_id,
      gameToken: request.query.token,
      currency: result.answer.currency,
      demo: result.answer.demo,
      balance: '0.00',
      language,
      lobby,
    });
    return reply.redirect(`/t/game/${session.id}`, 303);
  });

  app.get<{ Params: { session: string } }>('/t/game/:session', async (request, reply) => {
    const session = sessions.get(request.params.session);
    if (!session) return options.html(reply, 404, page('en', say('en', 'gone'), null));
    return options.html(
      reply,
      200,
      gamePage(session, store.balanceOf(session.playerId), lastSpins.get(session.id)),
    );
  });

  return { store, sessions, studio: transferStudio };
}

/** No answer at all: the connection is closed, as a timeout looks to the caller. */
function hangUp(reply: FastifyReply): FastifyReply {
  reply.hijack();
  reply.raw.destroy();
  return reply;
}

function safeLobby(value: string | undefined): string | null {
  if (!value) return null;
  const url = URL.parse(value);
  return url && ['http:', 'https:'].includes(url.protocol) ? url.href : null;
}

function page(language: PageLanguage, message: string, lobby: string | null, body = ''): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(say(language, 'title'))}</title>
<link rel="stylesheet" href="/static/game.css">
</head>
<body>
<p class="dv-label" role="note">${escapeHtml(say(language, 'label'))}</p>
<main class="dv-page">
<div class="dv-head"><h1>${escapeHtml(say(language, 'title'))}</h1>${
    lobby
      ? `<a class="dv-back" href="${escapeHtml(lobby)}" target="_top">${escapeHtml(say(language, 'back'))}</a>`
      : ''
  }</div>
${body}
${message ? `<p class="dv-message" role="status">${escapeHtml(message)}</p>` : ''}
</main>
</body>
</html>`;
}

function gamePage(session: PlayerSession, balance: bigint, last: LastSpin | undefined): string {
  const language = session.language;
  const result = !last
    ? ''
    : !last.ok
      ? say(language, 'notEnough')
      : last.win > 0n
        ? `${say(language, 'won')} ${formatMoney(last.win)} ${CURRENCY}`
        : say(language, 'lost');
  const grid = last?.grid.length
    ? `<div class="dv-reels dv-reels-3" role="img" aria-label="${escapeHtml(last.grid.map((row) => row.join(' ')).join(' / '))}">${last.grid
        .flat()
        .map((symbol) => `<div class="dv-cell">${symbolArt[symbol]}</div>`)
        .join('')}</div>`
    : '';
  const body = `<p class="dv-status">${escapeHtml(say(language, 'balanceHere'))}: <strong data-testid="vendor-balance">${formatMoney(balance)} ${CURRENCY}</strong></p>
<p class="dv-fine">${escapeHtml(say(language, 'explain'))}</p>
${grid}
<form class="dv-controls" method="post" action="/t/game/${escapeHtml(session.id)}/spin">
<label class="dv-stake">${escapeHtml(say(language, 'stake'))}
<select name="stake">${['1.00', '2.00', '5.00', '10.00'].map((stake) => `<option value="${stake}">${stake}</option>`).join('')}</select></label>
<button class="dv-button" type="submit">${escapeHtml(say(language, 'spin'))}</button>
</form>`;
  return page(language, result, session.lobby, body);
}
