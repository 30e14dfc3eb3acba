import {
  accountTypes,
  adminRoles,
  api,
  call,
  headers,
  httpStatusOf,
  isAdminAccess,
  messageKeyOf,
  type Access,
  type AdminRole,
  type CallDefinition,
  type CallName,
  type ErrorCode,
} from '@platform/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './lib/errors.js';
import { route } from './lib/http.js';
import { ADMIN_DEPOSIT_PROOF_PATH } from './modules/cashier/deposit.routes.js';
import { databaseDigest } from './test/database-digest.js';
import { createMember } from './test/factories.js';
import { createTestApp, type TestApp } from './test/harness.js';

/**
 * Every call of the contract that is not public refuses a caller without the access it declares: no
 * token, an expired token and a token of the wrong kind or role each get the declared status and code,
 * and change nothing. A new call is covered by being declared in packages/contract.
 */

const ADMIN_PASSWORD = 'contract-auth-password';
/** beyond every session's lifetime: members 24 h at most, staff 8 h */
const PAST_EVERY_SESSION_MS = 25 * 3_600_000;

interface Refusal {
  label: string;
  headers: Record<string, string>;
  status: number;
  code: ErrorCode;
}

interface Tokens {
  expiredMember: string;
  expiredAdmin: string;
  member: string;
  trial: string;
  agent: string;
  admins: Record<AdminRole, string>;
}

const bearer = (token: string) => ({ [headers.token]: `Bearer ${token}` });
const adminToken = (token: string) => ({ [headers.adminToken]: token });
const refusal = (label: string, sent: Record<string, string>, code: ErrorCode): Refusal => ({
  label,
  headers: sent,
  status: httpStatusOf[code],
  code,
});

/** What each access level must refuse, and how. */
function refusalsFor(access: Access, tokens: Tokens): Refusal[] {
  if (access === 'public') return [];
  if (isAdminAccess(access)) {
    return [
      refusal('no token', {}, 'UNAUTHORIZED'),
      refusal('an expired staff token', adminToken(tokens.expiredAdmin), 'UNAUTHORIZED'),
      // A member's session is not a staff session, whichever header carries it.
      refusal("a member's token", { ...bearer(tokens.member), ...adminToken(tokens.member) }, 'UNAUTHORIZED'),
      ...adminRoles
        .filter((role) => !access.admin.includes(role))
        .map((role) => refusal(`the ${role} role`, adminToken(tokens.admins[role]), 'FORBIDDEN')),
    ];
  }
  const memberRefusals = [
    refusal('no token', {}, 'UNAUTHORIZED'),
    refusal('an expired token', bearer(tokens.expiredMember), 'UNAUTHORIZED'),
    // A staff session is not a member session.
    refusal("a staff member's token", bearer(tokens.admins.owner), 'UNAUTHORIZED'),
  ];
  if (access === 'member-real') {
    return [...memberRefusals, refusal('a trial account', bearer(tokens.trial), 'NEED_REAL_ACCOUNT')];
  }
  if (access === 'agent') {
    return [...memberRefusals, refusal('a member who is no agent', bearer(tokens.member), 'FORBIDDEN')];
  }
  return memberRefusals;
}

/** The call's path with every parameter filled by a value its schema accepts. */
const urlOf = (path: string) => path.replace(/:account\b/g, '9000000001').replace(/:[A-Za-z]+/g, 'probe_1');

let t: TestApp;
let tokens: Tokens;
let addressSequence = 0;
const nextAddress = () => `198.51.100.${(addressSequence += 1)}`;

async function staffToken(role: AdminRole, name: string): Promise<string> {
  const created = await t.services.operator.run(
    ['admin', 'create', name, '--role', role, '--password', ADMIN_PASSWORD],
    'cli:contract-auth',
  );
  expect(created.exitCode, created.output).toBe(0);
  const login = await t.call<{ token: string }>({
    method: 'POST',
    url: '/wps/admin/session/login',
    payload: { username: name, password: ADMIN_PASSWORD },
    remoteAddress: nextAddress(),
  });
  if (!login.body.success) throw new Error(`staff login failed: ${login.body.code}`);
  return login.body.value.token;
}

async function refused(
  app: FastifyInstance,
  method: string,
  url: string,
  expected: Refusal,
): Promise<string | null> {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: expected.headers,
    remoteAddress: nextAddress(),
  });
  const body = response.json<{ success?: unknown; code?: unknown; message?: unknown }>();
  const wanted = { success: false, code: expected.code, message: messageKeyOf(expected.code) };
  if (
    response.statusCode === expected.status &&
    body.success === wanted.success &&
    body.code === wanted.code &&
    body.message === wanted.message
  ) {
    return null;
  }
  return `${expected.label} -> ${response.statusCode} ${response.body.slice(0, 120)} (wanted ${expected.status} ${expected.code})`;
}

beforeAll(async () => {
  t = await createTestApp();
  // Sessions that will have expired: made first, then time moves past every session's lifetime.
  const expiredMember = (await createMember(t)).token;
  const expiredAdmin = await staffToken('owner', 'expiredowner');
  t.clock.advance(PAST_EVERY_SESSION_MS);
  // The first sight of an expired session records it as ended; done here, so the walk below starts
  // from a settled database.
  expect(await t.services.sessions.resolve(expiredMember)).toBeNull();
  tokens = {
    expiredMember,
    expiredAdmin,
    member: (await createMember(t)).token,
    trial: (await createMember(t, { type: accountTypes.trial })).token,
    agent: (await createMember(t, { type: accountTypes.agent })).token,
    admins: Object.fromEntries(
      await Promise.all(
        adminRoles.map(async (role) => [role, await staffToken(role, `auth${role}`)] as const),
      ),
    ) as Record<AdminRole, string>,
  };
}, 60_000);
afterAll(() => t.close());

describe('every call refuses callers without its declared access', () => {
  const guarded = (Object.keys(api) as CallName[]).filter((name) => api[name].access !== 'public');

  it('has member, real-money and staff calls to walk (the walk is not empty)', () => {
    const levels = guarded.map((name) => JSON.stringify(api[name].access));
    expect(levels).toEqual(
      expect.arrayContaining(['"member"', '"member-real"', JSON.stringify({ admin: ['owner', 'finance'] })]),
    );
  });

  it.each(guarded)('%s', async (name) => {
    const declared = api[name];
    const before = await databaseDigest(t);
    const wrong: string[] = [];
    for (const expected of refusalsFor(declared.access, tokens)) {
      const problem = await refused(t.app, declared.method, urlOf(declared.path), expected);
      if (problem) wrong.push(problem);
    }
    expect(wrong).toEqual([]);
    expect(await databaseDigest(t)).toBe(before);
  });

  it("the staff's proof image (not a JSON call) is guarded like the deposits it belongs to", async () => {
    const before = await databaseDigest(t);
    const wrong: string[] = [];
    for (const expected of refusalsFor(api.adminDeposits.access, tokens)) {
      const problem = await refused(t.app, 'GET', urlOf(ADMIN_DEPOSIT_PROOF_PATH), expected);
      if (problem) wrong.push(problem);
    }
    expect(wrong).toEqual([]);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('lets the right caller through (the refusals above are about access, not input)', async () => {
    const member = await t.call({ method: 'GET', url: api.balance.path, headers: bearer(tokens.member) });
    expect(member.status).toBe(200);
    const trial = await t.call({ method: 'GET', url: api.balance.path, headers: bearer(tokens.trial) });
    expect(trial.status).toBe(200);
    for (const role of ['owner', 'finance'] as const) {
      const staff = await t.call({
        method: 'GET',
        url: api.adminDeposits.path,
        headers: adminToken(tokens.admins[role]),
      });
      expect(staff.status, role).toBe(200);
    }
  });
});

/** Does the call's query schema (if it has one) accept these values? */
const queryAccepts = (declared: CallDefinition, values: object): boolean =>
  declared.query === undefined || declared.query.safeParse(values).success;

describe('the role matrix: every staff call with every role', () => {
  const staffCalls = (Object.keys(api) as CallName[]).filter((name) => isAdminAccess(api[name].access));
  const rolesOf = (name: CallName): readonly AdminRole[] => {
    const access: Access = api[name].access;
    return isAdminAccess(access) ? access.admin : [];
  };

  it('declares every role somewhere, and owners everywhere', () => {
    const declared = new Set(staffCalls.flatMap((name) => rolesOf(name)));
    expect([...declared].sort()).toEqual([...adminRoles].sort());
    expect(staffCalls.filter((name) => !rolesOf(name).includes('owner'))).toEqual([]);
  });

  // A role the call lists gets through the access check: a list that needs no parameters answers 200, any
  // other call goes on to its input (400 or 404 for the probe's values), never 401 or 403.
  it.each(staffCalls)('%s', async (name) => {
    const declared = api[name];
    const roles = rolesOf(name);
    const wrong: string[] = [];
    const before = await databaseDigest(t);
    // A call that ends the caller's sessions is made by a member of staff of its own, so the walk's
    // tokens live on.
    const endsSessions = name === 'adminLogout' || name === 'adminLogoutEverywhere';
    for (const role of adminRoles) {
      const token = endsSessions
        ? await staffToken(role, `${name.slice(5, 15).toLowerCase()}${role}`)
        : tokens.admins[role];
      const response = await t.app.inject({
        method: declared.method,
        url: urlOf(declared.path),
        headers: adminToken(token),
        remoteAddress: nextAddress(),
      });
      const allowed = roles.includes(role);
      const plainList =
        declared.method === 'GET' && !declared.path.includes(':') && queryAccepts(declared, {});
      const ok = allowed
        ? plainList
          ? response.statusCode === 200
          : response.statusCode !== 401 && response.statusCode !== 403
        : response.statusCode === 403;
      if (!ok) wrong.push(`${role} -> ${response.statusCode} (${allowed ? 'declared' : 'not declared'})`);
    }
    expect(wrong).toEqual([]);
    if (declared.method === 'GET') expect(await databaseDigest(t)).toBe(before);
  });
});

describe('access levels no call declares yet', () => {
  /**
   * No agent call exists yet (the agent centre comes with its own issue); the route helper's check is
   * proven on a call declared here, with the real sessions of the test app.
   */
  let probe: FastifyInstance;
  const agentCall = call({
    method: 'GET',
    path: '/wps/agent/contract-auth-probe',
    access: 'agent',
    response: z.object({ type: z.number() }),
  });

  beforeAll(async () => {
    probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    // What the app's site guard provides to every /wps call: the caller's place and member session.
    probe.decorateRequest('location', { getter: () => ({ ip: '', country: null }) } as never);
    probe.decorateRequest('member', null);
    probe.addHook('onRequest', async (request) => {
      const authorization = request.headers[headers.token];
      if (typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
        request.member = await t.services.sessions.resolve(authorization.slice('Bearer '.length));
      }
    });
    probe.setErrorHandler((error, _request, reply) => {
      const code: ErrorCode = error instanceof AppError ? error.code : 'INTERNAL';
      return reply.status(httpStatusOf[code]).send({ success: false, code, message: messageKeyOf(code) });
    });
    route(probe, agentCall, ({ member }) => ({ type: member.type }));
    await probe.ready();
  });
  afterAll(() => probe.close());

  it('agent: refuses no token, an expired one, a staff one and a plain member; lets an agent in', async () => {
    const wrong: string[] = [];
    for (const expected of refusalsFor('agent', tokens)) {
      const problem = await refused(probe, 'GET', agentCall.path, expected);
      if (problem) wrong.push(problem);
    }
    expect(wrong).toEqual([]);
    const agent = await probe.inject({ method: 'GET', url: agentCall.path, headers: bearer(tokens.agent) });
    expect(agent.statusCode).toBe(200);
    expect(agent.json()).toEqual({ success: true, value: { type: accountTypes.agent } });
  });
});
