import type { APIRequestContext } from '@playwright/test';
import { operator } from '../support/operator';
import { snapshot } from '../support/screenshot';
import { openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * The daily VN draws as a player (ADR 060, 064): a member bets lô on a North game whose results
 * operators enter; once betting has closed one operator enters the result with the operator tool and a
 * second one (the demo owner, through the admin call) confirms it; the member's page shows the North
 * result table and the settled win without a reload. The real daily games draw once a day (VN-MB-D at
 * 18:15 Hanoi), so the journey plays the demo's rehearsal game VN-MB-R: the same code path (closed
 * without a seed, entered, confirmed by another operator, settled by the engine), every 2 minutes.
 */
const GAME = 'VN-MB-R';
// North: 27 numbers in 8 tiers; only the special prize ends in 45, so lô 45 wins once.
const TIERS = [
  '12345',
  '11111',
  '22222,22223',
  '33331,33332,33333,33334,33336,33337',
  '4441,4442,4443,4444',
  '5551,5552,5553,5554,5556,5557',
  '661,662,663',
  '71,72,73,74',
].join('/');

interface Opened {
  period: { periodNo: string; state: string };
  last: { periodNo: string; state: string } | null;
}
async function opened(request: APIRequestContext): Promise<Opened> {
  const answer = await request.get(`/lgw/vn/numeros/opened/game?gameCode=${GAME}`);
  const body = (await answer.json()) as { value: Opened };
  return body.value;
}
async function openedPeriod(request: APIRequestContext): Promise<{ periodNo: string; state: string }> {
  return (await opened(request)).period;
}

test('a member bets on a draw whose result two operators enter and confirm, and sees the result and the win', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await operator('lottery', 'enable', GAME).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`lottery enable: ${error.stdout ?? ''} ${error.stderr ?? ''}`);
  });
  try {
    const login = await page.request.post('/wps/session/login', {
      data: { username: 'demo01', password: 'Demo1234' },
    });
    const { value } = (await login.json()) as { value: { user: { account: string } } };
    await operator('adjust', value.user.account, '100.00', '--reason', 'journey: VN entered results');

    await prime(page, 'en');
    await page.setViewportSize({ width: 390, height: 844 });
    await openHomeAs(page, 'member', 'en', `/vnlottery?gameCode=${GAME}`);
    const menu = page.getByRole('navigation', { name: 'Vietnamese lottery games' });
    await expect(menu.getByRole('link', { name: /diễn tập/ })).toHaveAttribute('aria-current', 'page');

    // Betting closes 30 s before each 2-minute draw: wait for a period with time enough to bet.
    const timer = page.getByRole('timer', { name: 'Betting closes in' });
    await expect
      .poll(
        async () => {
          const text = (await timer.textContent({ timeout: 1000 }).catch(() => null)) ?? '00:00';
          const [m = 0, s = 0] = text.split(':').map(Number);
          return m * 60 + s;
        },
        { timeout: 150_000, intervals: [1000] },
      )
      .toBeGreaterThan(20);
    const { periodNo } = await openedPeriod(page.request);

    await page
      .getByRole('group', { name: 'Choose 1 number' })
      .getByRole('button', { name: '45', exact: true })
      .click();
    await page.getByLabel('Stake per prize').fill('1');
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await page.getByRole('button', { name: 'Place bets' }).click();
    await expect(page.getByText(/1 bet placed\. Balance/)).toBeVisible();
    const mine = page.getByRole('region', { name: 'My bets' });
    await expect(mine.getByRole('listitem').first()).toContainText('Waiting for the draw');

    // Betting closes; the engine never draws this game: it waits for its operators, and they can enter
    // the result only from the draw time on (30 s after the close), when the server shows it awaiting.
    await expect
      .poll(
        async () => {
          const { last } = await opened(page.request);
          return last?.periodNo === periodNo ? last.state : null;
        },
        { timeout: 150_000, intervals: [2000] },
      )
      .toBe('awaiting');
    const entered = await operator('lottery', 'vn', 'enter', GAME, periodNo, TIERS);
    expect(entered).toContain('waiting for a second operator');
    await expect(mine.getByRole('listitem').first()).toContainText('Waiting for the draw');

    // The second operator: the demo owner through the admin call.
    const staff = await page.request.post('/wps/admin/session/login', {
      data: { username: 'admin', password: 'Admin-Pass-2026' },
    });
    const session = (await staff.json()) as { success: boolean; value: { token: string } };
    expect(session.success, 'the demo owner logs in').toBe(true);
    const confirmed = await page.request.post('/wps/admin/lottery/vn/results/confirm', {
      headers: { 'x-admin-token': session.value.token },
      data: { gameCode: GAME, periodNo },
    });
    expect(await confirmed.json()).toMatchObject({ success: true, value: { state: 'confirmed' } });

    // The page follows the push: the bet won once (only the special prize ends in 45), the table shows.
    await expect(mine.getByRole('listitem').first()).toContainText(/Won/, { timeout: 30_000 });
    const result = page.getByRole('table', { name: `Result of period ${periodNo}` });
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result.getByTestId('vn-tier-0')).toHaveText('12345');
    await expect(result.getByTestId('vn-tier-7').getByRole('listitem')).toHaveCount(4);
    await result.scrollIntoViewIfNeeded();
    await snapshot(page, 'vn-entered-result-en-390');
  } finally {
    await operator('lottery', 'disable', GAME);
  }
});
