import { operator } from '../support/operator';
import { openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * The electronic lottery as a member: a slip of several bets on a 1-minute game, the draw arriving live
 * (the WebSocket tells the page), the win credited to the balance, and the trend chart of recent draws.
 */

const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('a member bets a slip on a 1-minute game, sees the draw arrive live and the win credited', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { token: string; user: { account: string } } };
  await operator('adjust', value.user.account, '100.00', '--reason', 'journey: lottery');
  // An earlier journey's bets on this member (a follow's first draw) settle first, so the balance below
  // moves by this journey's bets alone.
  await expect(async () => {
    const bets = await page.request.get('/wps/lottery/bets?pageSize=100', {
      headers: { authorization: `Bearer ${value.token}` },
    });
    const body = (await bets.json()) as { value: { list: { status: string }[] } };
    expect(body.value.list.filter((bet) => bet.status === 'pending')).toHaveLength(0);
  }).toPass({ timeout: 120_000 });

  await prime(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await openHomeAs(page, 'member', 'en', '/lottery?gameCode=K3-1&playType=size');
  await expect(page.getByRole('heading', { name: 'Fast 3 Dice 1 min' })).toBeVisible();
  const period = page.getByTestId('lottery-period');
  await expect(period).toHaveText(/^\d{8}-\d{4}$/);
  // Leave at least 20 s to build the slip: otherwise wait for the next period.
  const countdown = page.getByTestId('lottery-countdown');
  await expect(async () => {
    const text = (await countdown.textContent()) ?? '';
    const match = /(\d\d):(\d\d)/.exec(text);
    expect(match && Number(match[1]) * 60 + Number(match[2]) >= 20).toBe(true);
  }).toPass({ timeout: 70_000 });
  const periodNo = (await period.textContent()) ?? '';

  const balance = page.locator('.header-balance');
  await expect(balance).toHaveText(/\d/);
  const before = amountOf(await balance.textContent());

  // Big and small on the same draw: one of them wins unless the dice are a triple.
  await page.getByTestId('pick-0-big').click();
  await page.getByRole('button', { name: 'Add to slip' }).click();
  await page.getByTestId('pick-0-small').click();
  await page.getByRole('button', { name: 'Add to slip' }).click();
  await expect(page.getByTestId('slip-total')).toContainText('2.00');
  await page.getByRole('button', { name: 'Place bets' }).click();
  await expect(page.getByText(/2 bets placed for .*2\.00/)).toBeVisible();
  await expect(balance).toContainText((before - 2).toLocaleString('en-US', { minimumFractionDigits: 2 }));

  // The draw arrives without a reload: the period moves on and our period's result is in the history.
  await expect(period).not.toHaveText(periodNo, { timeout: 90_000 });
  const row = page.getByRole('row', { name: new RegExp(periodNo) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const dice = ((await row.getByRole('cell').nth(1).textContent()) ?? '').trim().split(/\s+/).map(Number);
  const triple = dice.length === 3 && dice[0] === dice[1] && dice[1] === dice[2];
  const expected = before - 2 + (triple ? 0 : 1.98);
  await expect(balance).toContainText(expected.toLocaleString('en-US', { minimumFractionDigits: 2 }), {
    timeout: 30_000,
  });

  // The proof of that draw checks out in the browser.
  await row.getByRole('link', { name: 'Verify' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'The seed matches the hash and gives exactly the published result.',
  );
});

test('the trend chart draws recent results as pictures', async ({ page }) => {
  await prime(page, 'en');
  await openHomeAs(page, 'visitor', 'en', '/lottery?gameCode=K3-1');
  await expect(page.getByRole('heading', { name: 'Trend of recent draws' })).toBeVisible();
  // Draws happen every minute from the server's start; the journey above waited for at least one.
  await expect(
    page.getByRole('img', { name: /How often each number came in the last \d+ draws/ }),
  ).toBeVisible({
    timeout: 70_000,
  });
  await expect(page.getByRole('img', { name: 'How often each number stood at each position' })).toBeVisible();
});

test('the betting record lists lottery bets, a Lottery tab by game, and a bet shows its draw and proof', async ({
  page,
}) => {
  // A bet of its own, placed through the call the page uses, so the journey does not depend on the first.
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { token: string; user: { account: string } } };
  await operator('adjust', value.user.account, '10.00', '--reason', 'journey: lottery record');
  const auth = { authorization: `Bearer ${value.token}` };
  const info = (await (await page.request.get('/wps/lottery/games/K3-1')).json()) as {
    value: { current: { periodNo: string; cutoffAt: string } };
  };
  let periodNo = info.value.current.periodNo;
  if (Date.parse(info.value.current.cutoffAt) - Date.now() < 5_000) {
    await page.waitForTimeout(8_000);
    periodNo = ((await (await page.request.get('/wps/lottery/games/K3-1')).json()) as typeof info).value
      .current.periodNo;
  }
  const placed = await page.request.post('/wps/lottery/bets', {
    headers: auth,
    data: {
      gameCode: 'K3-1',
      periodNo,
      bets: [{ betType: 'size', selection: ['big'], stake: '1.00' }],
      requestId: `journey-record-${Date.now()}`,
    },
  });
  expect(placed.ok()).toBe(true);

  for (const language of ['en', 'bn'] as const) {
    await prime(page, language);
    await page.setViewportSize({ width: 390, height: 844 });
    await openHomeAs(page, 'member', language, '/?mc=personalHistoryCopy');
    const record = page.locator('.records-rounds');
    await expect(
      record.getByText(`${language === 'en' ? 'Period' : 'পর্ব'} ${periodNo}`).first(),
    ).toBeVisible();
    await page.screenshot({ path: `/tmp/lottery-record-${language}.png` });
    await page.getByRole('tab', { name: language === 'en' ? 'Lottery' : 'লটারি' }).click();
    const row = page.locator('.records-round', { hasText: periodNo }).first();
    await expect(row).toBeVisible();
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Fast 3 Dice 1 min' });
    await expect(dialog.getByText(language === 'en' ? 'Proof' : 'প্রমাণ', { exact: true })).toBeVisible();
    await expect(dialog.getByText(periodNo)).toBeVisible();
    await page.screenshot({ path: `/tmp/lottery-record-dialog-${language}.png` });
  }
});
