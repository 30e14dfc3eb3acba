import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect, test } from '../support/test.js';
import { snapshot } from '../support/screenshot.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
/** Best-practice rules a screen-reader user still meets (as back-office-shell.spec.ts checks). */
const LANDMARK_RULES = [
  'landmark-no-duplicate-banner',
  'landmark-unique',
  'landmark-no-duplicate-contentinfo',
  'region',
];

/** axe's findings, one line per rule and element, so a failure reads without the report. */
async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const wcag = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const landmarks = await new AxeBuilder({ page }).withRules(LANDMARK_RULES).analyze();
  return [...wcag.violations, ...landmarks.violations].flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary ?? ''})`),
  );
}

const STEP_MS = 30_000;
const totpOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/** A code of a 30-second step no code was given for yet (the server refuses a step used once). */
async function freshCode(secret: string, usedSteps: Set<number>): Promise<string> {
  let step = Math.floor(Date.now() / STEP_MS);
  while (usedSteps.has(step)) {
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 200));
    step = Math.floor(Date.now() / STEP_MS);
  }
  usedSteps.add(step);
  return totpOf(secret).generate({ timestamp: step * STEP_MS + 1_000 });
}

/**
 * The journey's own owner, made by the demo owner: enrolling a second factor for the demo `admin` would
 * make every later journey that signs in as `admin` with a password alone fail.
 */
const OWNER = `own-${Date.now().toString(36)}`;
const OWNER_PASSWORD = 'Owner-Pass-2026-journey';

async function signIn(page: Page, code?: () => Promise<string>) {
  await page.getByLabel('Username').fill(OWNER);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (code) {
    await expect(page.getByRole('alert')).toHaveText('Enter the code from your authenticator app.');
    await page.getByLabel('Authenticator code').fill(await code());
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(page.getByText(`Signed in as ${OWNER}`)).toBeVisible();
}

// The back office is desktop-first (ADR 095).
test.use({ viewport: { width: 1280, height: 800 } });

test('an owner enrols two-factor, signs in with it, adds staff, changes a setting and finds it all in the audit', async ({
  page,
}) => {
  // A long journey: it may wait up to 30 s for a fresh TOTP step, and runs axe on every settings section.
  test.setTimeout(300_000);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const usedSteps = new Set<number>();

  const demoOwner = await page.request.post('/wps/admin/session/login', {
    data: { username: 'admin', password: 'Admin-Pass-2026' },
  });
  const demoToken = ((await demoOwner.json()) as { value: { token: string } }).value.token;
  const created = await page.request.post('/wps/admin/staff', {
    headers: { 'x-admin-token': demoToken },
    data: { username: OWNER, roles: ['owner'], password: OWNER_PASSWORD },
  });
  expect(created.status()).toBe(200);

  await page.goto('/admin');
  await signIn(page);

  // My profile: the session, the sign-ins, then two-factor enrolment from the secret shown once.
  await menu.getByRole('link', { name: 'My profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeFocused();
  await expect(page.getByRole('table', { name: 'My recent sign-ins' })).toContainText('this one');
  expect(await violations(page), 'axe on My profile').toEqual([]);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  expect(await violations(page), 'axe on the enrolment').toEqual([]);
  await snapshot(page, 'back-office-profile-totp');
  await page.getByLabel('Code from the app').fill(await freshCode(secret, usedSteps));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('An authenticator app is your second factor.')).toBeVisible();

  // Log out; the next sign-in asks for a code (of a new step: the one just used is refused).
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await signIn(page, () => freshCode(secret, usedSteps));

  // Staff: a finance member and a support member, each with a unique name.
  const suffix = Date.now().toString(36);
  const financeName = `fin-${suffix}`;
  const supportName = `sup-${suffix}`;
  await menu.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeFocused();
  await expect(page.getByRole('table', { name: 'Members of staff' })).toContainText('admin');
  expect(await violations(page), 'axe on Staff').toEqual([]);
  const addForm = page.locator('form', { has: page.getByRole('heading', { name: 'Add a member of staff' }) });
  // Nothing chosen: refused here, before any call.
  await addForm.getByRole('button', { name: 'Add the member' }).click();
  await expect(addForm.getByText('Choose at least one role.')).toBeVisible();
  expect(await violations(page), 'axe on Staff with the form’s errors').toEqual([]);
  for (const [name, role] of [
    [financeName, 'Finance'],
    [supportName, 'Support'],
  ] as const) {
    await addForm.getByLabel('New username').fill(name);
    await addForm.getByLabel('First password').fill('Staff-Pass-2026-new');
    await addForm.getByRole('checkbox', { name: role, exact: true }).check();
    await addForm.getByRole('button', { name: 'Add the member' }).click();
    await expect(addForm.getByText(`${name} was added.`)).toBeVisible();
  }
  await page.getByLabel('Username contains').fill(suffix);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const staffGrid = page.getByRole('table', { name: 'Members of staff' });
  await expect(staffGrid.getByRole('row')).toHaveCount(3);
  await expect(staffGrid).toContainText(financeName);
  await expect(staffGrid).toContainText(supportName);
  await snapshot(page, 'back-office-staff');

  // A member's dialog (the last-owner refusal is the server's staff.test.ts: two owners exist here).
  await page.getByLabel('Username contains').fill(financeName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Manage ${financeName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Manage ${financeName}` });
  await expect(dialog).toBeVisible();
  expect(await violations(page), 'axe on the staff dialog').toEqual([]);
  await snapshot(page, 'back-office-staff-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Settings: the staff idle minutes from 30 to 45, with a reason, then its history.
  await menu.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: /^Staff/ })
    .click();
  const idle = page.getByRole('region', { name: 'staff.sessionIdleMinutes' });
  await expect(idle.getByLabel('Value')).toHaveValue('30');
  expect(await violations(page), 'axe on Settings').toEqual([]);
  await idle.getByLabel('Value').fill('4');
  await idle.getByLabel('Reason').fill('longer desk breaks');
  await idle.getByRole('button', { name: 'Save staff.sessionIdleMinutes' }).click();
  await expect(idle.getByText('Enter at least 5.')).toBeVisible();
  await idle.getByLabel('Value').fill('45');
  await idle.getByRole('button', { name: 'Save staff.sessionIdleMinutes' }).click();
  await expect(idle.getByText('Saved.')).toBeVisible();
  await expect(idle.getByText('Changed', { exact: true })).toBeVisible();
  await snapshot(page, 'back-office-settings');
  await idle.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of staff.sessionIdleMinutes' });
  const historyRow = history.getByRole('row').filter({ hasText: 'longer desk breaks' });
  await expect(historyRow).toContainText(`admin:${OWNER}`);
  await expect(historyRow).toContainText('30');
  await expect(historyRow).toContainText('45');
  expect(await violations(page), 'axe on a setting’s history').toEqual([]);
  await snapshot(page, 'back-office-settings-history');
  await history.getByRole('button', { name: 'Close' }).click();

  // Every section's generated forms (numbers, choices, lists, JSON text) pass axe too.
  const sections = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
  const sectionCount = await sections.count();
  expect(sectionCount).toBeGreaterThan(10);
  for (let index = 0; index < sectionCount; index += 1) {
    const link = sections.nth(index);
    const name = ((await link.textContent()) ?? '').replace(/\s*\(\d+\)$/, '').trim();
    await link.click();
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    expect(await violations(page), `axe on the settings section ${name}`).toEqual([]);
    if (name === 'Site') await snapshot(page, 'back-office-settings-site');
  }

  // Maintenance and region rules: pages of their own, the same form.
  await menu.getByRole('link', { name: 'Maintenance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeFocused();
  await expect(page.getByRole('checkbox', { name: 'enabled' })).not.toBeChecked();
  expect(await violations(page), 'axe on Maintenance').toEqual([]);
  await snapshot(page, 'back-office-maintenance');
  await menu.getByRole('link', { name: 'Region rules' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Region rules' })).toBeFocused();
  await expect(page.getByLabel('blockedCountries')).toBeVisible();
  expect(await violations(page), 'axe on Region rules').toEqual([]);

  // The audit shows each step: staff created, the setting set, two-factor enrolled.
  await menu.getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeFocused();
  const audit = page.getByRole('table', { name: 'Audit entries' });
  await expect(audit.getByRole('row').nth(1)).toBeVisible();
  expect(await violations(page), 'axe on the audit').toEqual([]);
  await snapshot(page, 'back-office-audit');

  const filter = async (action: string, object = '') => {
    await page.getByLabel('Action', { exact: true }).fill(action);
    await page.getByLabel('Object', { exact: true }).fill(object);
    await page.getByRole('button', { name: 'Apply filters' }).click();
  };
  await filter('admin create', suffix);
  await expect(audit.getByRole('row').filter({ hasText: financeName })).toHaveCount(1);
  await expect(audit.getByRole('row').filter({ hasText: supportName })).toHaveCount(1);
  await expect(page.getByText('2 rows')).toBeVisible();

  await filter('admin totp enrolled');
  await expect(
    audit
      .getByRole('row')
      .filter({ hasText: `staff: ${OWNER}` })
      .first(),
  ).toBeVisible();

  await filter('settings set', 'staff.sessionIdleMinutes');
  const settingRow = audit.getByRole('row').filter({ hasText: 'longer desk breaks' });
  await expect(settingRow).toHaveCount(1);
  await settingRow.getByRole('button', { name: /^Open entry/ }).click();
  const entry = page.getByRole('dialog', { name: /^Audit entry/ });
  await expect(entry).toContainText(`admin:${OWNER}`);
  await expect(entry.getByRole('table', { name: '1 value changed' })).toContainText('30');
  await expect(entry.getByRole('table', { name: '1 value changed' })).toContainText('45');
  expect(await violations(page), 'axe on an audit entry').toEqual([]);
  await snapshot(page, 'back-office-audit-entry');
  await entry.getByRole('button', { name: 'Close' }).click();

  // A site-day range that ends before it starts is refused before any call.
  await page.getByLabel('From (site day)').fill('2026-11-29');
  await page.getByLabel('To (site day)').fill('2026-11-01');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('The end is before the start.')).toBeVisible();

  // At 768 px the filters and the grid still fit (the menu folds behind its button).
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(audit.getByRole('row').nth(3)).toBeVisible();
  expect(await violations(page), 'axe on the audit at 768 px').toEqual([]);
  await snapshot(page, 'back-office-audit-768');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await menu.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  expect(await violations(page), 'axe on Staff at 768 px').toEqual([]);
  await snapshot(page, 'back-office-staff-768');
});
