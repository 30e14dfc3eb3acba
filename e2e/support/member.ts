import { expect, type Page } from '@playwright/test';

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
