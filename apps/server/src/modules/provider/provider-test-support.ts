import { randomUUID } from 'node:crypto';
import { PROVIDER_PATH_PREFIX, providerHeaders, type ProviderCall } from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { providerRound, providerTransaction } from '../../db/schema.js';
import type { ServiceLogger } from '../../lib/deps.js';
import type { TestMember } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';
import { createSystemModule } from '../system/index.js';
import { accountCodes } from '../wallet/index.js';
import { createProviderModule, providerSignature, type ProviderModule } from './index.js';

export const VENDOR_SECRET = 'vendor-secret-for-tests-0123456789abcdef';
export const VENDOR_CURRENCY = 'BDT';

export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  object: Record<string, unknown>;
  message: string;
}

export interface ProviderHarness {
  /** a second provider module over the test app's database, whose log the tests read */
  module: ProviderModule;
  /** what that module logged */
  logged: LoggedLine[];
  /**
   * A signed call through the app (`via: 'logged'`: through a Fastify instance serving the second
   * module, with the app's site guard in front); the options override what a vendor would send.
   */
  call(
    call: ProviderCall,
    body: unknown,
    options?: {
      vendor?: string;
      secret?: string;
      timestamp?: string | null;
      signature?: string | null;
      raw?: string;
      contentType?: string;
      via?: 'app' | 'logged';
      /** further headers, e.g. the RSA signature */
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Calls to the provider API as a vendor makes them, through the test app. */
export async function providerHarness(t: TestApp): Promise<ProviderHarness> {
  const logged: LoggedLine[] = [];
  const logger: ServiceLogger = {
    info: (object, message) => logged.push({ level: 'info', object, message }),
    warn: (object, message) => logged.push({ level: 'warn', object, message }),
    error: (object, message) => logged.push({ level: 'error', object, message }),
  };
  const module = createProviderModule(t.services.deps, {
    ledger: t.services.ledger,
    members: t.services.member,
    game: t.services.game,
    catalogue: t.services.gameCatalogue,
    logger,
  });
  const loggedApp = Fastify();
  // The module also serves the site's launch call, declared with the contract's zod schemas.
  loggedApp.setValidatorCompiler(validatorCompiler);
  loggedApp.setSerializerCompiler(serializerCompiler);
  createSystemModule(t.services.deps, { audit: t.services.audit }).registerSiteGuard(loggedApp, (token) =>
    t.services.sessions.resolve(token),
  );
  await module.registerRoutes(loggedApp);
  await loggedApp.ready();
  return {
    module,
    logged,
    async call(call, body, options = {}) {
      const raw = options.raw ?? JSON.stringify(body);
      const timestamp =
        options.timestamp === undefined
          ? String(Math.floor(t.clock.now().getTime() / 1000))
          : options.timestamp;
      const signature =
        options.signature === undefined
          ? providerSignature(options.secret ?? VENDOR_SECRET, timestamp ?? '', raw)
          : options.signature;
      const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
      if (timestamp !== null) headers[providerHeaders.timestamp] = timestamp;
      if (signature !== null) headers[providerHeaders.signature] = signature;
      Object.assign(headers, options.headers);
      const response = await (options.via === 'logged' ? loggedApp : t.app).inject({
        method: 'POST',
        url: `${PROVIDER_PATH_PREFIX}/${options.vendor ?? 'TESTSLOT'}/${call}`,
        headers,
        payload: raw,
      });
      return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
    },
    close: () => loggedApp.close(),
  };
}

let vendors = 0;

/** A game vendor with seamless-wallet terms. */
export async function createSeamlessVendor(
  t: TestApp,
  p: ProviderHarness,
  terms: { allowDemo?: boolean; roundTimeoutSeconds?: number; roundTimeoutRule?: 'lost' | 'refund' } = {},
): Promise<string> {
  vendors += 1;
  const vendorCode = `TESTSLOT${vendors}`;
  await t.services.game.addVendor({ vassalage: vendorCode, category: 'RNG', title: `Test slots ${vendors}` });
  await p.module.provider.registerVendor({
    vendorCode,
    currency: VENDOR_CURRENCY,
    signingSecret: VENDOR_SECRET,
    allowDemo: terms.allowDemo ?? false,
    roundTimeoutSeconds: terms.roundTimeoutSeconds ?? 3600,
    roundTimeoutRule: terms.roundTimeoutRule ?? 'lost',
  });
  return vendorCode;
}

/**
 * A game session as a vendor holds it (ADR 091): a launch token made in the member's site session for one
 * of the vendor's games, exchanged at authenticate. Its token goes in every bet.
 */
export async function openGameSession(
  t: TestApp,
  p: ProviderHarness,
  who: TestMember,
  vendorCode: string,
  gameCode = 'test-slot',
): Promise<string> {
  const session = await t.services.sessions.resolve(who.token);
  if (!session) throw new Error(`member ${who.row.publicId} has no live site session`);
  const { token } = await p.module.provider.createLaunchToken(session, vendorCode, gameCode);
  const answer = await p.call(
    'authenticate',
    { request_uuid: randomUUID(), token, game_code: gameCode },
    { vendor: vendorCode },
  );
  if (answer.body.status !== 'RS_OK') throw new Error(`authenticate answered ${JSON.stringify(answer.body)}`);
  return token;
}

const openedGameSessions = new Map<string, Promise<string>>();

/** openGameSession once per member, site session and vendor: a player keeps playing the game it opened. */
export function gameToken(
  t: TestApp,
  p: ProviderHarness,
  who: TestMember,
  vendorCode: string,
): Promise<string> {
  const key = `${vendorCode}:${who.row.id}:${who.token}`;
  let token = openedGameSessions.get(key);
  if (!token) {
    token = openGameSession(t, p, who, vendorCode);
    openedGameSessions.set(key, token);
  }
  return token;
}

/** The fields of a money call, with fresh ids unless given. */
export function moneyCall(
  playerId: string,
  fields: Record<string, unknown> = {},
): Record<string, unknown> & { transaction_uuid: string; round: string } {
  return {
    request_uuid: randomUUID(),
    player_id: playerId,
    transaction_uuid: randomUUID(),
    round: `round-${randomUUID()}`,
    round_closed: false,
    game_code: 'test-slot',
    currency: VENDOR_CURRENCY,
    is_free: false,
    amount: '1.00',
    ...fields,
  } as Record<string, unknown> & { transaction_uuid: string; round: string };
}

export async function mainBalance(t: TestApp, memberId: bigint): Promise<bigint> {
  return t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(memberId));
}

/**
 * What the vendor's calls, as recorded, did to the player's real money: wins minus the bets that
 * stand (rolled-back and free bets move nothing in the end). Deposits plus this is the balance.
 */
export async function providerNet(t: TestApp, memberId: bigint): Promise<bigint> {
  const rows = await t.handle.db
    .select({
      kind: providerTransaction.kind,
      status: providerTransaction.status,
      amount: providerTransaction.amount,
      isFree: providerTransaction.isFree,
    })
    .from(providerTransaction)
    .innerJoin(
      providerRound,
      and(
        eq(providerRound.vendorCode, providerTransaction.vendorCode),
        eq(providerRound.roundId, providerTransaction.roundId),
      ),
    )
    .where(and(eq(providerTransaction.memberId, memberId), eq(providerRound.ledgerCurrency, 'REAL')));
  let net = 0n;
  for (const row of rows) {
    if (row.kind === 'win') net += row.amount ?? 0n;
    if (row.kind === 'bet' && row.status === 'ok' && !row.isFree) net -= row.amount ?? 0n;
  }
  return net;
}
