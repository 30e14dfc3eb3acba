import { expect, type Page } from '@playwright/test';
import { uniqueSuffix } from './outbox.js';

/**
 * Logs a seeded account in through the API and returns the one-time hand-off code SPEC's `/?token=`
 * takes, so a journey opens a member page without going through the login form each time.
 */
export async function handOffCode(page: Page, username = 'demo01', password = 'Demo1234'): Promise<string> {
  const login = await page.request.post('/wps/session/login', { data: { username, password } });
  const session = (await login.json()) as { success: boolean; value: { token: string } };
  expect(session.success, `log in as ${username}`).toBe(true);
  const handoff = await page.request.post('/wps/session/handoff', {
    headers: { authorization: `Bearer ${session.value.token}` },
  });
  const code = (await handoff.json()) as { success: boolean; value: { code: string } };
  expect(code.success).toBe(true);
  return code.value.code;
}

/**
 * A new member registered through the API (so no other journey's money, bonus or turnover touches it),
 * with its account number and the one-time hand-off code that opens a page as them (`/?token=`).
 * Registration must not ask for a captcha: the journey turns `register.captchaEnabled` off first.
 */
export async function registerMember(
  page: Page,
  prefix: string,
): Promise<{ username: string; account: string; code: string }> {
  const username = `${prefix}${uniqueSuffix()}`;
  const response = await page.request.put('/wps/member/register', {
    data: { username, password: 'Play12345', confirmPassword: 'Play12345', ageConfirmed: true, agreed: true },
  });
  const envelope = (await response.json()) as { success: boolean; value: { token: string } };
  expect(envelope.success, `register ${username}`).toBe(true);
  const headers = { authorization: `Bearer ${envelope.value.token}` };
  const info = await page.request.get('/wps/member/info', { headers });
  const member = (await info.json()) as { success: boolean; value: { account: string } };
  expect(member.success).toBe(true);
  const handoff = await page.request.post('/wps/session/handoff', { headers });
  const code = (await handoff.json()) as { success: boolean; value: { code: string } };
  expect(code.success).toBe(true);
  return { username, account: member.value.account, code: code.value.code };
}
