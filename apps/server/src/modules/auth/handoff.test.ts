import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@platform/contract';
import { sessionHandoff } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { bearer, createMember, type TestMember } from '../../test/factories.js';
import { HANDOFF_SECONDS } from './session.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (who: TestMember) =>
  t.call<{ code: string; expiresAt: string }>({
    method: 'POST',
    url: '/wps/session/handoff',
    headers: who.auth,
  });
const redeem = (code: string) =>
  t.call<LoginResult>({ method: 'POST', url: '/wps/session/handoff/redeem', payload: { code } });
const memberInfoWith = (token: string) =>
  t.call<{ userName: string }>({ method: 'GET', url: '/wps/member/info', headers: bearer(token) });

async function codeOf(who: TestMember): Promise<string> {
  const { body } = await create(who);
  if (!body.success) throw new Error(body.code);
  return body.value.code;
}

describe('session hand-off (/?token=)', () => {
  it('exchanges a fresh code for a new session of the same member', async () => {
    const who = await createMember(t);
    const { status, body } = await create(who);
    expect(status).toBe(200);
    if (!body.success) throw new Error(body.code);
    expect(new Date(body.value.expiresAt).getTime() - t.clock.now().getTime()).toBe(HANDOFF_SECONDS * 1000);
    const redeemed = await redeem(body.value.code);
    expect(redeemed.status).toBe(200);
    if (!redeemed.body.success || redeemed.body.value.status !== 'ok') throw new Error('not logged in');
    const token = redeemed.body.value.token;
    // A session of its own: the code is not the session's token, and the new token works.
    expect(token).not.toBe(who.token);
    expect(token).not.toBe(body.value.code);
    expect((await memberInfoWith(token)).body).toMatchObject({ value: { userName: who.row.username } });
    // Only the code's hash is kept.
    const stored = await t.handle.db.select().from(sessionHandoff);
    expect(stored.some((row) => row.codeHash === body.value.code)).toBe(false);
  });

  it('refuses a replayed code', async () => {
    const code = await codeOf(await createMember(t));
    expect((await redeem(code)).status).toBe(200);
    const again = await redeem(code);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({
      success: false,
      code: 'HANDOFF_INVALID',
      message: 'errors.HANDOFF_INVALID',
    });
  });

  it('refuses a code after 60 seconds', async () => {
    const code = await codeOf(await createMember(t));
    t.clock.advance(HANDOFF_SECONDS * 1000);
    expect((await redeem(code)).body).toMatchObject({ code: 'HANDOFF_INVALID' });
  });

  it('refuses a code whose session was logged out in the meantime', async () => {
    const who = await createMember(t);
    const code = await codeOf(who);
    await t.call({ method: 'DELETE', url: '/wps/session/logout', headers: who.auth });
    expect((await redeem(code)).body).toMatchObject({ code: 'HANDOFF_INVALID' });
  });

  it('refuses a session token in place of a code (the old /?token= login CSRF) and a made-up code', async () => {
    const who = await createMember(t);
    for (const code of [who.token, 'x'.repeat(43), 'short']) {
      expect((await redeem(code)).body).toMatchObject({ code: 'HANDOFF_INVALID' });
    }
  });

  it('lets one of ten parallel redeemers in with one code', async () => {
    const code = await codeOf(await createMember(t));
    const answers = await Promise.all(Array.from({ length: 10 }, () => redeem(code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(9);
  });

  it('makes codes only for a live session', async () => {
    const { status, body } = await t.call({ method: 'POST', url: '/wps/session/handoff' });
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
