import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { httpStatusOf } from '@platform/contract';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { AppError } from './lib/errors.js';
import { fail, sendFailure } from './lib/failure.js';
import { createPasswordHasher } from './lib/password-hasher.js';
import { Scheduler } from './lib/scheduler.js';
import { silentLogger, type AppDeps, type ServiceLogger } from './lib/deps.js';
import { registerSecurityHeaders, setPagePolicy } from './lib/security-headers.js';
import { RequestLogPolicy } from './lib/request-log.js';
import { requestIdMixin, trackRequestIds } from './lib/request-context.js';
import { rateLimitCounters, useRateLimitCounters } from './lib/rate-limit.js';
import { namesAFile, WebPage } from './web-page.js';
import { registerAdminApp } from './admin-page.js';
import { createAdminModule } from './modules/admin/index.js';
import { createAgentModule } from './modules/agent/index.js';
import { createAuditModule } from './modules/audit/index.js';
import { createAuthModule } from './modules/auth/index.js';
import { createCashierModule } from './modules/cashier/index.js';
import { createContentModule } from './modules/content/index.js';
import { createGameModule } from './modules/game/index.js';
import { createInhouseModule } from './modules/inhouse/index.js';
import { createLotteryModule, lotteryRecordSource } from './modules/lottery/index.js';
import { createLoyaltyModule } from './modules/loyalty/index.js';
import { createMemberModule } from './modules/member/index.js';
import { createMessagingModule } from './modules/messaging/index.js';
import { createMissionsModule } from './modules/missions/index.js';
import { createOperatorModule } from './modules/operator/index.js';
import { createOpsModule } from './modules/ops/index.js';
import { createPlayersModule } from './modules/players/index.js';
import { createProviderModule } from './modules/provider/index.js';
import { createRealtimeModule } from './modules/realtime/index.js';
import { createReportsModule } from './modules/reports/index.js';
import { createRewardsModule } from './modules/rewards/index.js';
import { createSystemModule } from './modules/system/index.js';
import { createTransferModule } from './modules/transfer/index.js';
import { createVerificationModule } from './modules/verification/index.js';
import { createWalletModule, siteDayEnd, siteDayStart } from './modules/wallet/index.js';

export type { AppDeps };

/**
 * Every module, built in dependency order: each gets only what it uses of the ones before it, and
 * exports what the ones after it may use. Nothing imports this file but the entry points (main, the
 * operator CLI, the test harness); modules never import each other's internals.
 */
export function composeModules(deps: AppDeps, logger: ServiceLogger = silentLogger) {
  // Shared infrastructure: one password hasher (its concurrency limit is per process), one scheduler.
  const passwords = createPasswordHasher(deps.config.HASH_CONCURRENCY);
  const scheduler = new Scheduler(deps.db, deps.clock, logger);

  const audit = createAuditModule(deps, { days: { siteDayStart, siteDayEnd } });
  const system = createSystemModule(deps, { audit: audit.audit });
  const { settings } = system;
  const content = createContentModule(deps, { settings, audit: audit.audit });
  const game = createGameModule(deps, { settings });
  const verification = createVerificationModule(deps, { settings });
  const wallet = createWalletModule(deps);
  const auth = createAuthModule(deps, {
    settings,
    passwords,
    verification,
    grantTrialDemoMoney: wallet.grantTrialDemoMoney,
  });
  const member = createMemberModule(auth.services, logger);
  // Built before the member module (auth needs them), they are handed it now.
  wallet.useMembers(member.member);
  verification.useMembers(member.member);
  const admin = createAdminModule(deps, {
    passwords,
    audit: audit.audit,
    ledger: wallet.ledger,
    members: member.member,
    captcha: verification.captcha,
    settings,
  });
  const cashier = createCashierModule(deps, {
    settings,
    passwords,
    members: member.member,
    authAudit: auth.authAudit,
    ledger: wallet.ledger,
    turnover: wallet.turnover,
    audit: audit.audit,
    logger,
  });
  // Staff's suspension of a member's withdrawals (Players -> Actions) is the first rule a new withdrawal
  // meets, before any other rule may move money (the rewards module's bonus forfeit).
  cashier.addWithdrawalRule((memberId) => member.member.assertMayWithdraw(deps.db, memberId));
  const provider = createProviderModule(deps, {
    ledger: wallet.ledger,
    members: member.member,
    game: game.game,
    catalogue: game.catalogue,
    logger,
    recordSources: [lotteryRecordSource],
  });
  const transfer = createTransferModule(deps, {
    ledger: wallet.ledger,
    members: member.member,
    game: game.game,
    provider,
    logger,
  });
  const realtime = createRealtimeModule(deps, { wallet, sessions: auth.liveSessions, logger });
  const inhouse = createInhouseModule(deps, {
    settings,
    catalogue: game.catalogue,
    provider: provider.provider,
    realtime: realtime.realtime,
    logger,
  });
  const agent = createAgentModule(deps, {
    settings,
    audit: audit.audit,
    ledger: wallet.ledger,
    verifyPaymentPassword: (memberId, paymentPassword, origin) =>
      cashier.paymentPasswords.verify(memberId, paymentPassword, origin),
    turnoverRemaining: async (memberId) => (await wallet.turnover.status(deps.db, memberId)).remaining,
    rounds: provider.settledRoundsAfter,
    createAccount: (agent, input, origin) => auth.registration.createDownline(agent, input, origin),
  });
  // Registration and the invitation check, built before the agent module, accept its invite links.
  auth.registration.useInviteLinks(agent.inviteLinks);
  verification.useMembers({
    byReferralCode: async (code) =>
      (await member.member.byReferralCode(code)) ??
      (await agent.inviteLinks.resolve(deps.db, code))?.agent ??
      null,
  });
  const messaging = createMessagingModule(deps, {
    members: member.member,
    realtime: realtime.realtime,
    audit: audit.audit,
    cashier,
    logger,
  });
  const rewards = createRewardsModule(deps, {
    promotions: content.content,
    members: member.member,
    ledger: wallet.ledger,
    turnover: wallet.turnover,
    audit: audit.audit,
    messages: messaging.messages,
    settings,
    cashier,
    turnoverAggregate: agent.turnover,
  });
  const loyalty = createLoyaltyModule(deps, {
    settings,
    audit: audit.audit,
    ledger: wallet.ledger,
    members: member.member,
    turnover: agent.turnover,
    cashier,
  });
  auth.useClubLabels((rankLevel, db) => loyalty.ranks.labelOf(rankLevel, db));

  const ops = createOpsModule(deps, {
    jobs: () => scheduler.describeJobs(),
    openRounds: () => provider.provider.openRoundCounts(),
    websocketConnections: () => realtime.realtime.connections,
    observeTransfers: (observer) => wallet.ledger.observeTransfers(observer),
  });
  const lottery = createLotteryModule(deps, {
    settings,
    ledger: wallet.ledger,
    audit: audit.audit,
    realtime: realtime.realtime,
    logger,
    members: member.member,
  });
  const missions = createMissionsModule(deps, {
    turnover: agent.turnover,
    deposits: cashier.deposits,
    bestMultipliers: provider.bestMultipliers,
    multiplierStanding: provider.multiplierStanding,
    applications: rewards.applications,
    rankGifts: loyalty.ranks,
    members: member.member,
    ledger: wallet.ledger,
    audit: audit.audit,
  });
  const players = createPlayersModule(deps, {
    audit: audit.audit,
    turnover: wallet.turnover,
    tags: messaging.messages,
    actions: {
      members: member.member,
      sessions: auth.sessions,
      passwords: member.memberPasswords,
      bonuses: admin.adjustments,
      hierarchy: agent.hierarchy,
    },
  });
  // A bonus staff grant (Players -> Actions, confirmed through the admin module's four-eyes) is paid by
  // the rewards module, built after the admin module.
  admin.adjustments.useBonusGrant((tx, grant) => rewards.autoRewards.grantByStaff(tx, grant));
  // The dashboard's rollups, from the ledger and the new members (ADR 096).
  const reports = createReportsModule(deps);
  // The help of the operator tool lists the commands in this order.
  const operator = createOperatorModule(deps, {
    audit: audit.audit,
    commands: [
      system.operatorCommands,
      content.operatorCommands,
      game.operatorCommands,
      audit.operatorCommands,
      admin.operatorCommands,
      wallet.operatorCommands,
      cashier.operatorCommands,
      provider.operatorCommands,
      transfer.operatorCommands,
      lottery.operatorCommands,
      agent.operatorCommands,
      ops.operatorCommands,
      messaging.operatorCommands,
      loyalty.operatorCommands,
      missions.operatorCommands,
      rewards.operatorCommands,
    ],
  });
  cashier.schedule(scheduler);
  provider.schedule(scheduler);
  transfer.schedule(scheduler);
  lottery.schedule(scheduler);
  inhouse.schedule(scheduler);
  agent.schedule(scheduler);
  loyalty.schedule(scheduler);
  missions.schedule(scheduler);
  rewards.schedule(scheduler);
  reports.schedule(scheduler);

  /** The modules' public services, by the names tests and entry points use. */
  const services = {
    deps,
    passwords,
    scheduler,
    audit: audit.audit,
    settings,
    system: system.system,
    content: content.content,
    game: game.game,
    gameCatalogue: game.catalogue,
    captcha: verification.captcha,
    codes: verification.codes,
    messages: verification.messages,
    verification: verification.verification,
    ledger: wallet.ledger,
    turnover: wallet.turnover,
    wallet: wallet.wallet,
    sessions: auth.sessions,
    liveSessions: auth.liveSessions,
    authAudit: auth.authAudit,
    registration: auth.registration,
    login: auth.login,
    member: member.member,
    memberPasswords: member.memberPasswords,
    admin: admin.admin,
    adjustments: admin.adjustments,
    bankAccounts: cashier.bankAccounts,
    paymentPasswords: cashier.paymentPasswords,
    withdrawals: cashier.withdrawals,
    gateways: cashier.gateways,
    channels: cashier.channels,
    deposits: cashier.deposits,
    realtime: realtime.realtime,
    operator: operator.operator,
    provider: provider.provider,
    transfers: transfer.transfers,
    inhouse: inhouse.inhouse,
    inhouseWallet: inhouse.wallet,
    lottery: lottery.lottery,
    lotteryEngine: lottery.engine,
    lotteryFollows: lottery.follows,
    lotteryVnResults: lottery.vnResults,
    turnoverAggregate: agent.turnover,
    agentHierarchy: agent.hierarchy,
    agentContracts: agent.contracts,
    agentSettlements: agent.settlements,
    agentInvites: agent.invites,
    referrals: agent.referrals,
    platformMessages: messaging.messages,
    chat: messaging.chat,
    promotionApplications: rewards.applications,
    points: loyalty.points,
    pointMall: loyalty.mall,
    ranks: loyalty.ranks,
    missions: missions.missions,
    leaderboards: missions.leaderboards,
    raffles: missions.raffles,
    players: players.players,
    autoRewards: rewards.autoRewards,
    bonuses: rewards.bonuses,
    reports: reports.reports,
    ops: ops.ops,
    dice: inhouse.dice,
    crash: inhouse.crash,
  };
  const modules = {
    audit,
    system,
    content,
    game,
    verification,
    auth,
    member,
    wallet,
    admin,
    cashier,
    operator,
    realtime,
    provider,
    transfer,
    inhouse,
    lottery,
    agent,
    messaging,
    rewards,
    loyalty,
    missions,
    players,
    reports,
    ops,
  };
  return { services, modules };
}

export type AppServices = ReturnType<typeof composeModules>['services'];

/**
 * A request Node refuses before Fastify sees it (a 100 KB URL overflows the header limit): answered
 * on the socket in the same envelope, so a client always gets a code it can read.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'VALIDATION_FAILED';
  const status = httpStatusOf[code];
  const body = JSON.stringify(fail(code));
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'x-content-type-options: nosniff',
      'connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: AppServices }> {
  const app = Fastify({
    logger:
      deps.config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: deps.config.LOG_LEVEL,
            mixin: requestIdMixin,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // Each request is logged once, at debug unless it is slow or failed.
    logController: new RequestLogPolicy(),
    // X-Forwarded-For and -Proto are believed only from the proxies the operator lists, read right to
    // left (proxy-addr): a client that writes its own header only adds an entry nobody trusts.
    trustProxy: deps.config.TRUSTED_PROXIES.length > 0 ? deps.config.TRUSTED_PROXIES : false,
    bodyLimit: 6 * 1024 * 1024,
    // Longer than any id or account the contract names; a longer one is answered in the envelope.
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler: answerClientError,
    // A request id from the proxy in front (X-Request-Id) is kept when it is plain text; else one is made.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Errors the router raises before any route runs (an over-long parameter, a malformed URL).
    frameworkErrors: (error, _request, reply) => {
      const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'VALIDATION_FAILED';
      return sendFailure(reply, fail(code));
    },
  });
  trackRequestIds(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { services, modules } = composeModules(deps, app.log);

  registerSecurityHeaders(app);
  // Every rate limit counts in one place for all instances: Redis when set, PostgreSQL otherwise.
  const counters = rateLimitCounters(deps.db, deps.clock, deps.redis);
  useRateLimitCounters(app, counters);
  services.scheduler.every('rate-limit-sweep', 10 * 60_000, async () => ({
    deleted: await counters.sweep(),
  }));
  modules.ops.registerRoutes(app);

  modules.system.registerSiteGuard(app, (token) => modules.auth.sessions.resolve(token));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const failure = fail(error.code, error.issues);
      return sendFailure(reply, error.details ? { ...failure, details: error.details } : failure);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendFailure(
        reply,
        fail(
          'VALIDATION_FAILED',
          error.validation.map((issue) => ({
            path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
            message: issue.message ?? 'invalid',
          })),
        ),
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause.issues }, 'response did not match its schema');
      return sendFailure(reply, fail('INTERNAL'));
    }
    if (error.statusCode === 429) return sendFailure(reply, fail('RATE_LIMITED'));
    if (error.statusCode === 413) return sendFailure(reply, fail('PAYLOAD_TOO_LARGE'));
    if (error.statusCode === 415) return sendFailure(reply, fail('UNSUPPORTED_MEDIA_TYPE'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, body too large, wrong content type: the caller's mistake, said plainly.
      return sendFailure(reply, fail('VALIDATION_FAILED', [{ path: '', message: error.message }]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(reply, fail('INTERNAL'));
  });

  await app.register(async (api) => {
    modules.system.registerRoutes(api);
    modules.content.registerRoutes(api);
    modules.game.registerRoutes(api);
    modules.verification.registerRoutes(api);
    modules.auth.registerRoutes(api);
    await modules.member.registerRoutes(api);
    modules.wallet.registerRoutes(api);
    modules.admin.registerRoutes(api);
    modules.audit.registerRoutes(api);
    await modules.cashier.registerRoutes(api);
    await modules.provider.registerRoutes(api);
    modules.transfer.registerRoutes(api);
    modules.inhouse.registerRoutes(api);
    modules.lottery.registerRoutes(api);
    modules.agent.registerRoutes(api);
    await modules.messaging.registerRoutes(api);
    await modules.rewards.registerRoutes(api);
    modules.loyalty.registerRoutes(api);
    modules.missions.registerRoutes(api);
    modules.reports.registerRoutes(api);
    modules.players.registerRoutes(api);
  });
  modules.operator.registerRoutes(app);
  // Client messages are a few hundred bytes (auth, ping); anything larger is not ours.
  await app.register(fastifyWebsocket, { options: { maxPayload: 4_096 } });
  await app.register(async (scope) => modules.realtime.registerRoutes(scope));

  // The back office (apps/admin) first: its /admin routes and files are its own, never the web app's.
  await registerAdminApp(app, {
    adminDist: deps.config.ADMIN_DIST_DIR ? path.resolve(deps.config.ADMIN_DIST_DIR) : undefined,
    ownListener: deps.config.ADMIN_PORT !== undefined,
  });

  const webDist = deps.config.WEB_DIST_DIR ? path.resolve(deps.config.WEB_DIST_DIR) : undefined;
  const webPage =
    webDist !== undefined && existsSync(path.join(webDist, 'index.html'))
      ? new WebPage(app, webDist, deps.config.MERCHANT_CODE)
      : undefined;
  if (webDist && webPage) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; a browser gets the smallest it accepts.
      preCompressed: true,
      // index.html is answered by the not-found handler below, with the start-up data filled in;
      // start-up.json is for the server alone.
      allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/start-up.json',
      // The system module answers these from PUBLIC_URL and the site's name; a copy in the build must
      // not collide with it.
      globIgnore: ['robots.txt*', 'sitemap.xml*', 'manifest.webmanifest*'],
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those never change under the same name.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    if (
      urlPath.startsWith('/wps') ||
      urlPath.startsWith('/lgw/') ||
      urlPath.startsWith('/internal') ||
      // The back office's addresses belong to it (admin-page.ts): never a page of the player site.
      urlPath === '/admin' ||
      urlPath.startsWith('/admin/') ||
      namesAFile(urlPath) ||
      !webPage
    ) {
      return sendFailure(reply, fail('NOT_FOUND'));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendFailure(reply, fail('NOT_FOUND'));
    // History routing: every other path is a page of the web app.
    await setPagePolicy(reply, services, webPage.scriptHashes, await modules.provider.launchOrigins());
    const page = await webPage.render(request);
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(page.body);
  });

  return { app, services };
}
