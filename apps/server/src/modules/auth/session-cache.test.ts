import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { member, memberSession } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { bearer, createMember, logIn } from '../../test/factories.js';

/** Sessions read within the cache window come from memory; these are the promises that still hold. */
const WINDOW_MS = 1_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { SETTINGS_CACHE_MS: WINDOW_MS } });
});
afterAll(() => t.close());

const balanceStatus = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: bearer(token) })).statusCode;

describe('the session cache', () => {
  it('refuses a token at once after its logout, though it was just served from the cache', async () => {
    const who = await createMember(t);
    expect(await balanceStatus(who.token)).toBe(200);
    expect(await balanceStatus(who.token)).toBe(200);
    const logout = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: who.auth });
    expect(logout.statusCode).toBe(200);
    expect(await balanceStatus(who.token)).toBe(401);
  });

  it("ends the member's other devices at once when the password changes", async () => {
    const who = await createMember(t, { password: 'Secret123' });
    const otherDevice = await logIn(t, who.row.id);
    expect(await balanceStatus(otherDevice)).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: who.auth,
      payload: { oldPassword: 'Secret123', newPassword: 'Fresh4567', confirmNewPassword: 'Fresh4567' },
    });
    expect(change.statusCode).toBe(200);
    expect(await balanceStatus(otherDevice)).toBe(401);
    expect(await balanceStatus(who.token)).toBe(200);
  });

  it('sees a revocation made by another server, or an account disabled by the operator, within one window', async () => {
    const revokedElsewhere = await createMember(t);
    const disabled = await createMember(t);
    expect(await balanceStatus(revokedElsewhere.token)).toBe(200);
    expect(await balanceStatus(disabled.token)).toBe(200);
    // Written straight to the database, as another instance or the operator tool would.
    await t.handle.db
      .update(memberSession)
      .set({ revokedAt: t.clock.now(), revokedReason: 'logout' })
      .where(eq(memberSession.memberId, revokedElsewhere.row.id));
    await t.handle.db.update(member).set({ status: 'frozen' }).where(eq(member.id, disabled.row.id));
    t.clock.advance(WINDOW_MS);
    expect(await balanceStatus(revokedElsewhere.token)).toBe(401);
    expect(await balanceStatus(disabled.token)).toBe(401);
  });

  it('still ends an idle session, however recently it was cached', async () => {
    const who = await createMember(t);
    expect(await balanceStatus(who.token)).toBe(200);
    const idleMinutes = await t.services.settings.get('auth.sessionIdleMinutes');
    t.clock.advance(idleMinutes * 60_000);
    expect(await balanceStatus(who.token)).toBe(401);
  });
});
