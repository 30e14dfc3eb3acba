import { desc, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoles, type AdminRole } from '@platform/contract';
import { adminUser, operatorAudit } from '../../db/schema.js';
import { createPasswordHasher } from '../../lib/password-hasher.js';
import { cryptoRng } from '../../lib/rng.js';
import { databaseDigest } from '../../test/database-digest.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO_STAFF_PASSWORD, seedAdminDemo } from './index.js';

/**
 * Staff and their sessions as the back office uses them (issue 27): owners manage staff, sessions end
 * when idle and after a shift, a staff member ends their own sessions and sees their sign-ins, enrols a
 * second factor, and the allow-list keeps staff calls to the operator's addresses.
 */

const PASSWORD = 'staff-test-password';
let t: TestApp;
let addressSequence = 0;
const nextAddress = () => `198.51.100.${(addressSequence += 1) % 250}`;

async function login(username: string, options: { password?: string; otp?: string; from?: string } = {}) {
  return t.call<{ token: string; username: string; roles: AdminRole[] }>({
    method: 'POST',
    url: '/wps/admin/session/login',
    payload: {
      username,
      password: options.password ?? PASSWORD,
      ...(options.otp ? { otp: options.otp } : {}),
    },
    remoteAddress: options.from ?? nextAddress(),
  });
}

async function tokenOf(username: string, from?: string): Promise<string> {
  const response = await login(username, { ...(from ? { from } : {}) });
  if (!response.body.success) throw new Error(`login of ${username} failed: ${response.body.code}`);
  return response.body.value.token;
}

async function staff(username: string, roles: AdminRole[]): Promise<string> {
  await t.services.admin.create({ username, roles, password: PASSWORD });
  return tokenOf(username);
}

const as = (token: string, from?: string) => ({
  headers: { 'x-admin-token': token },
  remoteAddress: from ?? nextAddress(),
});

const me = (token: string, from?: string) =>
  t.call<{ username: string; roles: AdminRole[]; totpEnrolled: boolean }>({
    method: 'GET',
    url: '/wps/admin/session',
    ...as(token, from),
  });

let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await staff('boss', ['owner']);
}, 60_000);
afterAll(() => t.close());

describe('the demo staff', () => {
  it('has one member of staff per role, named after it, with the demo password', async () => {
    const demo = await createTestApp();
    try {
      await seedAdminDemo(demo.handle.db, {
        clock: demo.clock,
        rng: cryptoRng,
        passwords: createPasswordHasher(2),
      });
      for (const role of adminRoles.filter((name) => name !== 'owner')) {
        const response = await demo.call<{ roles: AdminRole[] }>({
          method: 'POST',
          url: '/wps/admin/session/login',
          payload: { username: role, password: DEMO_STAFF_PASSWORD },
          remoteAddress: `203.0.113.${adminRoles.indexOf(role)}`,
        });
        expect(response.body, role).toMatchObject({ success: true, value: { roles: [role] } });
      }
      const owners = await demo.handle.db.select().from(adminUser).where(eq(adminUser.username, 'admin'));
      expect(owners[0]?.roles).toEqual(['owner']);
    } finally {
      await demo.close();
    }
  });
});

describe('staff sessions', () => {
  it('end after the idle minutes without a call, and a call keeps them alive', async () => {
    const token = await staff('idler', ['support']);
    expect((await me(token)).status).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await me(token)).status).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await me(token)).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await me(token)).status).toBe(401);
  });

  it('end after the shift however busy', async () => {
    const token = await staff('busy', ['finance']);
    for (let minutes = 0; minutes < 8 * 60 - 20; minutes += 20) {
      t.clock.advance(20 * 60_000);
      expect((await me(token)).status, `after ${minutes + 20} minutes`).toBe(200);
    }
    t.clock.advance(20 * 60_000);
    expect((await me(token)).status).toBe(401);
  });

  it('log out ends this session; log out everywhere ends all of them', async () => {
    await t.services.admin.create({ username: 'leaver', roles: ['risk'], password: PASSWORD });
    const first = await tokenOf('leaver');
    const second = await tokenOf('leaver');
    const third = await tokenOf('leaver');
    const out = await t.call({ method: 'POST', url: '/wps/admin/session/logout', ...as(first) });
    expect(out.body).toEqual({ success: true, value: { endedSessions: 1 } });
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
    const everywhere = await t.call({
      method: 'POST',
      url: '/wps/admin/session/logout-everywhere',
      ...as(second),
    });
    expect(everywhere.body).toEqual({ success: true, value: { endedSessions: 2 } });
    expect((await me(second)).status).toBe(401);
    expect((await me(third)).status).toBe(401);
  });

  it('a staff member sees their own sign-ins with address and state, this one marked', async () => {
    await t.services.admin.create({ username: 'watcher', roles: ['analyst'], password: PASSWORD });
    const old = await tokenOf('watcher', '192.0.2.10');
    await t.call({ method: 'POST', url: '/wps/admin/session/logout', ...as(old) });
    const current = await tokenOf('watcher', '192.0.2.11');
    const response = await t.call<{ ip: string; state: string; current: boolean }[]>({
      method: 'GET',
      url: '/wps/admin/session/sign-ins',
      ...as(current),
    });
    expect(response.body).toMatchObject({
      success: true,
      value: [
        { ip: '192.0.2.11', state: 'live', current: true },
        { ip: '192.0.2.10', state: 'ended', current: false },
      ],
    });
  });

  it('enrols a second factor: the secret is shown once, a wrong code is refused, the right one turns it on', async () => {
    const token = await staff('enroller', ['games']);
    const started = await t.call<{ uri: string }>({
      method: 'POST',
      url: '/wps/admin/session/totp',
      ...as(token),
    });
    if (!started.body.success) throw new Error(started.body.code);
    const totp = OTPAuth.URI.parse(started.body.value.uri) as OTPAuth.TOTP;
    const now = () => t.clock.now().getTime();
    const wrongCode = String((Number(totp.generate({ timestamp: now() })) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await t.call({
      method: 'POST',
      url: '/wps/admin/session/totp/confirm',
      payload: { otp: wrongCode },
      ...as(token),
    });
    expect(wrong.body).toMatchObject({ success: false, code: 'TOTP_INVALID' });
    expect((await me(token)).body).toMatchObject({ value: { totpEnrolled: false } });
    const right = await t.call({
      method: 'POST',
      url: '/wps/admin/session/totp/confirm',
      payload: { otp: totp.generate({ timestamp: now() }) },
      ...as(token),
    });
    expect(right.body).toMatchObject({ success: true, value: { totpEnrolled: true } });
    // Now a login needs the code, and the code just used does not log in again.
    expect((await login('enroller')).body).toMatchObject({ code: 'TOTP_REQUIRED' });
    expect((await login('enroller', { otp: totp.generate({ timestamp: now() }) })).body).toMatchObject({
      code: 'TOTP_INVALID',
    });
    t.clock.advance(30_000);
    expect((await login('enroller', { otp: totp.generate({ timestamp: now() }) })).status).toBe(200);
    // A second enrolment is refused while one is set.
    const again = await t.call({ method: 'POST', url: '/wps/admin/session/totp', ...as(token) });
    expect(again.body).toMatchObject({ success: false, code: 'CONFLICT' });
  });

  it('production: a member of staff without a second factor enrols at login, with the secret shown then', async () => {
    const production = await createTestApp({ config: { NODE_ENV: 'production' } });
    try {
      await production.services.admin.create({ username: 'newhire', roles: ['support'], password: PASSWORD });
      const attempt = (otp?: string) =>
        production.call({
          method: 'POST',
          url: '/wps/admin/session/login',
          payload: { username: 'newhire', password: PASSWORD, ...(otp ? { otp } : {}) },
          remoteAddress: nextAddress(),
        });
      const first = await attempt();
      expect(first.status).toBe(403);
      const details = (first.body as { details?: { totpUri?: string } }).details;
      expect(details?.totpUri).toMatch(/^otpauth:\/\/totp\//);
      const totp = OTPAuth.URI.parse(details?.totpUri ?? '') as OTPAuth.TOTP;
      const entered = await attempt(totp.generate({ timestamp: production.clock.now().getTime() }));
      expect(entered.status).toBe(200);
      production.clock.advance(30_000);
      expect((await attempt()).body).toMatchObject({ code: 'TOTP_REQUIRED' });
      // A wrong password never shows a secret.
      const wrong = await production.call({
        method: 'POST',
        url: '/wps/admin/session/login',
        payload: { username: 'newhire', password: 'not-the-password' },
        remoteAddress: nextAddress(),
      });
      expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(JSON.stringify(wrong.body)).not.toContain('otpauth');
    } finally {
      await production.close();
    }
  });
});

describe('owners manage staff', () => {
  // The sessions tests moved the clock past the owner's idle time.
  beforeAll(async () => {
    owner = await tokenOf('boss');
  });

  it('create, list (filter, CSV), change roles with a reason: audited with the before and after', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/wps/admin/staff',
      payload: { username: 'Fiona', roles: ['finance', 'risk'], password: 'a-long-password' },
      ...as(owner, '192.0.2.50'),
    });
    expect(created.body).toMatchObject({
      success: true,
      value: { username: 'fiona', roles: ['finance', 'risk'], active: true, totpEnrolled: false },
    });
    const fiona = (
      await login('fiona', { password: 'a-long-password' }).then((response) => {
        if (!response.body.success) throw new Error(response.body.code);
        return response.body.value;
      })
    ).token;
    expect((await me(fiona)).body).toMatchObject({ value: { roles: ['finance', 'risk'] } });

    const list = await t.call<{ items: { username: string }[]; totalCount: number }>({
      method: 'GET',
      url: '/wps/admin/staff?q=fio',
      ...as(owner),
    });
    expect(list.body).toMatchObject({
      success: true,
      value: { items: [{ username: 'fiona' }], totalCount: 1 },
    });
    const csv = await t.app.inject({ method: 'GET', url: '/wps/admin/staff?format=csv&q=fio', ...as(owner) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('username,roles,active,totp,created,last sign-in');
    expect(lines[1]).toMatch(/^fiona,finance risk,true,false,/);

    const changed = await t.call({
      method: 'PUT',
      url: '/wps/admin/staff/fiona',
      payload: { roles: ['support'], reason: 'moved to the support desk' },
      ...as(owner, '192.0.2.51'),
    });
    expect(changed.body).toMatchObject({ success: true, value: { roles: ['support'], endedSessions: 1 } });
    // New roles take effect at the next login: the old session ended with the change.
    expect((await me(fiona)).status).toBe(401);
    const [row] = await t.handle.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.command, 'admin update'))
      .orderBy(desc(operatorAudit.seq))
      .limit(1);
    expect(row).toMatchObject({
      actor: 'admin:boss',
      role: 'owner',
      ip: '192.0.2.51',
      target: { staff: 'fiona' },
      before: { roles: ['finance', 'risk'], active: true },
      after: { roles: ['support'], active: true },
      reason: 'moved to the support desk',
    });
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const before = await databaseDigest(t);
    const cases: { method: 'POST' | 'PUT'; url: string; payload: object; code: string }[] = [
      {
        method: 'POST',
        url: '/wps/admin/staff',
        payload: { username: 'x', roles: ['support'], password: PASSWORD },
        code: 'VALIDATION_FAILED',
      },
      {
        method: 'POST',
        url: '/wps/admin/staff',
        payload: { username: 'okname', roles: [], password: PASSWORD },
        code: 'VALIDATION_FAILED',
      },
      {
        method: 'POST',
        url: '/wps/admin/staff',
        payload: { username: 'okname', roles: ['king'], password: PASSWORD },
        code: 'VALIDATION_FAILED',
      },
      {
        method: 'POST',
        url: '/wps/admin/staff',
        payload: { username: 'okname', roles: ['support', 'support'], password: PASSWORD },
        code: 'VALIDATION_FAILED',
      },
      {
        method: 'POST',
        url: '/wps/admin/staff',
        payload: { username: 'okname', roles: ['support'], password: 'short' },
        code: 'VALIDATION_FAILED',
      },
      {
        method: 'POST',
        url: '/wps/admin/staff',
        payload: { username: 'boss', roles: ['support'], password: PASSWORD },
        code: 'DUPLICATE_USERNAME',
      },
      {
        method: 'PUT',
        url: '/wps/admin/staff/boss',
        payload: { reason: 'nothing to change' },
        code: 'VALIDATION_FAILED',
      },
      { method: 'PUT', url: '/wps/admin/staff/boss', payload: { active: false }, code: 'VALIDATION_FAILED' },
      {
        method: 'PUT',
        url: '/wps/admin/staff/nobody',
        payload: { active: false, reason: 'gone' },
        code: 'NOT_FOUND',
      },
    ];
    for (const bad of cases) {
      const response = await t.call({ method: bad.method, url: bad.url, payload: bad.payload, ...as(owner) });
      expect(response.body, JSON.stringify(bad.payload)).toMatchObject({ success: false, code: bad.code });
    }
    const withIssue = await t.call({
      method: 'POST',
      url: '/wps/admin/staff',
      payload: { username: 'okname', roles: ['support'], password: 'short' },
      ...as(owner),
    });
    expect(JSON.stringify(withIssue.body)).toContain('password');
    expect(await databaseDigest(t)).toBe(before);
  });

  it('keeps the last active owner: two owners removing each other at once leaves one', async () => {
    const lone = await t.call({
      method: 'PUT',
      url: '/wps/admin/staff/boss',
      payload: { roles: ['analyst'], reason: 'step down' },
      ...as(owner),
    });
    expect(lone.body).toMatchObject({ success: false, code: 'CONFLICT' });
    await t.services.admin.create({ username: 'boss2', roles: ['owner'], password: PASSWORD });
    const second = await tokenOf('boss2');
    const results = await Promise.all([
      t.call({
        method: 'PUT',
        url: '/wps/admin/staff/boss2',
        payload: { active: false, reason: 'coup' },
        ...as(owner),
      }),
      t.call({
        method: 'PUT',
        url: '/wps/admin/staff/boss',
        payload: { active: false, reason: 'coup' },
        ...as(second),
      }),
    ]);
    const outcomes = results.map((result) => (result.body.success ? 'ok' : result.body.code)).sort();
    expect(outcomes).toEqual(['CONFLICT', 'ok']);
    const owners = await t.handle.db.select().from(adminUser);
    expect(owners.filter((row) => row.roles.includes('owner') && row.active)).toHaveLength(1);
    // Whoever is left an owner puts things back for the tests that follow.
    const survivor = owners.find((row) => row.roles.includes('owner') && row.active)?.username;
    if (survivor === 'boss2') {
      await t.call({
        method: 'PUT',
        url: '/wps/admin/staff/boss',
        payload: { active: true, reason: 'back' },
        ...as(second),
      });
      owner = await tokenOf('boss');
    }
  });

  it('only owners: another role gets 403 and sees no staff', async () => {
    const support = await staff('helpdesk', ['support']);
    const list = await t.call({ method: 'GET', url: '/wps/admin/staff', ...as(support) });
    expect(list.status).toBe(403);
    const create = await t.call({
      method: 'POST',
      url: '/wps/admin/staff',
      payload: { username: 'sneaky', roles: ['owner'], password: PASSWORD },
      ...as(support),
    });
    expect(create.status).toBe(403);
    expect(await t.handle.db.select().from(adminUser).where(eq(adminUser.username, 'sneaky'))).toEqual([]);
  });
});

describe('the staff allow-list', () => {
  it('refuses staff calls and logins from outside it, and allows them from inside', async () => {
    const token = await staff('office', ['analyst']);
    await t.services.settings.set('staff.allowedAddresses', ['10.0.0.0/8', '2001:db8::/32']);
    try {
      expect((await me(token, '10.1.2.3')).status).toBe(200);
      expect((await me(token, '2001:db8::7')).status).toBe(200);
      const outside = await me(token, '198.51.100.200');
      expect(outside.body).toMatchObject({ success: false, code: 'ADDRESS_NOT_ALLOWED' });
      expect(outside.status).toBe(403);
      expect((await login('office', { from: '198.51.100.201' })).body).toMatchObject({
        code: 'ADDRESS_NOT_ALLOWED',
      });
      expect((await login('office', { from: '10.9.9.9' })).status).toBe(200);
    } finally {
      await t.services.settings.set('staff.allowedAddresses', []);
    }
  });

  it('refuses a setting that is not an address or block', async () => {
    await expect(t.services.settings.set('staff.allowedAddresses', ['10.0.0.0/33'])).rejects.toThrow();
    await expect(t.services.settings.set('staff.allowedAddresses', ['office'])).rejects.toThrow();
    expect(await t.services.settings.get('staff.allowedAddresses')).toEqual([]);
  });
});

describe('GET /wps/admin/audit', () => {
  it('filters by staff, action, object and day, pages, and exports the same rows as CSV', async () => {
    await t.services.admin.create({ username: 'auditee', roles: ['support'], password: PASSWORD });
    const target = await tokenOf('auditee');
    await t.call({ method: 'POST', url: '/wps/admin/session/logout', ...as(target, '192.0.2.77') });
    const analyst = await staff('reader', ['analyst']);
    const page = await t.call<{
      items: { actor: string; action: string; ip: string | null; role: string | null }[];
      totalCount: number;
    }>({
      method: 'GET',
      url: '/wps/admin/audit?staff=auditee&action=admin%20logout&pageSize=5',
      ...as(analyst),
    });
    expect(page.body).toMatchObject({
      success: true,
      value: {
        totalCount: 1,
        items: [{ actor: 'admin:auditee', action: 'admin logout', ip: '192.0.2.77', role: 'support' }],
      },
    });
    const byObject = await t.call<{ items: { target: unknown }[] }>({
      method: 'GET',
      url: '/wps/admin/audit?object=fiona',
      ...as(analyst),
    });
    expect(byObject.body.success && byObject.body.value.items.length).toBeGreaterThan(0);
    const day = t.clock.now().toISOString().slice(0, 10);
    const future = await t.call<{ totalCount: number }>({
      method: 'GET',
      url: `/wps/admin/audit?from=2099-01-01&to=2099-01-02`,
      ...as(analyst),
    });
    expect(future.body).toMatchObject({ success: true, value: { totalCount: 0 } });
    const all = await t.call<{ totalCount: number }>({
      method: 'GET',
      url: '/wps/admin/audit',
      ...as(analyst),
    });
    const total = all.body.success ? all.body.value.totalCount : 0;
    expect(total).toBeGreaterThanOrEqual(5);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/wps/admin/audit?format=csv&to=${day}`,
      ...as(analyst),
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('seq,at,actor,role,ip,action,target,before,after,reason,hash');
    expect(lines.length - 1).toBeGreaterThan(0);
  });

  it('refuses bad filters and a role without the audit', async () => {
    const analyst = await staff('reader2', ['analyst']);
    for (const query of ['from=2026-13', 'pageSize=0', 'sort=1', 'format=xml', `staff=${'x'.repeat(81)}`]) {
      const response = await t.call({ method: 'GET', url: `/wps/admin/audit?${query}`, ...as(analyst) });
      expect(response.status, query).toBe(400);
    }
    const finance = await staff('money', ['finance']);
    expect((await t.call({ method: 'GET', url: '/wps/admin/audit', ...as(finance) })).status).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/wps/admin/audit', remoteAddress: nextAddress() })).status,
    ).toBe(401);
  });
});
