import { expect, type Page } from '@playwright/test';

export type SessionKind = 'visitor' | 'trial' | 'member' | 'agent';
export type Language = 'bn' | 'en';

const demoLogins = {
  member: { username: 'demo01', password: 'Demo1234' },
  agent: { username: 'agent01', password: 'Agent1234' },
} as const;

const freePlayLabel: Record<Language, string> = { bn: 'বিনামূল্যে খেলুন', en: 'Free play' };
const closeLabel: Record<Language, string> = { bn: 'বন্ধ করুন', en: 'Close' };

/** The language (and theme) a journey starts in, set as a returning visitor's browser would have it. */
export async function prime(page: Page, language: Language, theme: 'dark' | 'light' = 'dark'): Promise<void> {
  await page.addInitScript(
    ([lang, chosen]) => {
      localStorage.setItem('hisLang', lang);
      localStorage.setItem('theme', chosen);
    },
    [language, theme] as const,
  );
}

/** Closes the greetings a fresh session gets (welcome, announcements), as a person taps their close button. */
export async function dismissDialogs(page: Page, language: Language): Promise<void> {
  const dialogs = page.getByRole('dialog');
  // The greetings come from the session's first calls: on a loaded machine they answer after the page
  // looks ready, so wait for the network to settle first (bounded: a poll may keep it busy).
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  for (let round = 0; round < 4; round += 1) {
    // The greetings arrive a moment after the page: give them the chance to show.
    await page.waitForTimeout(400);
    if ((await dialogs.count()) === 0) return;
    await dialogs.last().getByRole('button', { name: closeLabel[language], exact: true }).first().click();
  }
  await expect(dialogs).toHaveCount(0);
}

/**
 * Opens home as the given kind of session: a visitor; a trial account from the login page's free-play
 * button; the demo member or agent, logged in through the API and handed to the page the way SPEC hands
 * a session over (`/?token=` with a one-time code).
 */
export async function openHomeAs(
  page: Page,
  kind: SessionKind,
  language: Language,
  path = '/',
): Promise<void> {
  if (kind === 'visitor') {
    await page.goto(path);
    await expect(page.locator('header.header')).toBeVisible();
    return;
  }
  if (kind === 'trial') {
    await page.goto('/login');
    await page.getByRole('button', { name: freePlayLabel[language] }).click();
    await expect(page.locator('.header-balance')).toBeVisible();
    // A trial account is always new, so it is always welcomed: wait for that dialog rather than guess how
    // long its chunk takes to load on a busy machine (CI once saw it arrive after the greetings were done).
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
    await dismissDialogs(page, language);
    if (path !== '/') await page.goto(path);
    return;
  }
  const login = await page.request.post('/wps/session/login', { data: demoLogins[kind] });
  const session = (await login.json()) as { success: boolean; value: { token: string } };
  expect(session.success, `the demo ${kind} logs in`).toBe(true);
  const handoff = await page.request.post('/wps/session/handoff', {
    headers: { authorization: `Bearer ${session.value.token}` },
  });
  const code = (await handoff.json()) as { success: boolean; value: { code: string } };
  expect(code.success).toBe(true);
  await page.goto(`/?token=${code.value.code}`);
  await expect(page.locator('.header-balance')).toBeVisible();
  await dismissDialogs(page, language);
  // The session lives in this tab's storage: the page asked for opens with it, past the greetings.
  if (path !== '/') await page.goto(path);
}
