import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { snapshot } from '../support/screenshot.js';
import { openHomeAs, prime, type Language } from '../support/sessions.js';

const text = {
  bn: {
    centre: 'মেম্বার সেন্টার',
    menu: 'মেম্বার সেন্টারের মেনু',
    bankTransfer: 'ব্যাংক ট্রান্সফার',
    amount: 'পরিমাণ',
    next: 'এগিয়ে যান',
    confirm: 'ডিপোজিট নিশ্চিত করুন',
    created: 'ডিপোজিট তৈরি হয়েছে',
  },
  en: {
    centre: 'Member centre',
    menu: 'Member centre menu',
    bankTransfer: 'Bank transfer',
    amount: 'Amount',
    next: 'Continue',
    confirm: 'Confirm deposit',
    created: 'Deposit created',
  },
} as const;

/** Everything in the centre's scrolling body that reaches past the right edge of the screen. */
function pastTheRightEdge(): string[] {
  const body = document.querySelector<HTMLElement>('.ui-modal__body');
  if (!body) return ['no member centre'];
  const problems: string[] = [];
  if (body.scrollWidth > body.clientWidth) {
    problems.push(`the centre scrolls sideways: ${body.scrollWidth} > ${body.clientWidth}`);
  }
  const edge = document.documentElement.clientWidth;
  for (const element of body.querySelectorAll<HTMLElement>('.ui-centre__page *')) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.right > edge + 0.5) {
      problems.push(
        `${element.tagName.toLowerCase()}.${element.className} ends at ${Math.round(rect.right)}`,
      );
    }
  }
  return problems.slice(0, 8);
}

async function createBankDeposit(page: Page, language: Language): Promise<void> {
  const t = text[language];
  const centre = page.getByRole('dialog', { name: t.centre });
  await expect(centre).toBeVisible();
  // The card is the label of its radio button: a person taps the card.
  await centre.locator('.wallet-channel', { hasText: t.bankTransfer }).first().click();
  await centre.getByRole('textbox', { name: t.amount }).fill('500');
  await centre.getByRole('button', { name: t.next }).click();
  await page.getByRole('dialog', { name: t.confirm }).getByRole('button', { name: t.confirm }).click();
  await expect(centre.getByRole('heading', { name: t.created })).toBeVisible();
}

test.describe('the member centre on a phone', () => {
  for (const language of ['bn', 'en'] as const) {
    test(`${language}: the deposit-created screen fits 360 and 320 px, copy buttons and tabs on screen`, async ({
      page,
    }) => {
      await prime(page, language);
      await page.setViewportSize({ width: 360, height: 800 });
      await openHomeAs(page, 'member', language, '/?mc=depositv2');
      await createBankDeposit(page, language);
      for (const width of [360, 320]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.evaluate(pastTheRightEdge), `at ${width} px`).toEqual([]);
        const copyButtons = page.locator('.ui-copy button');
        await expect(copyButtons).toHaveCount(4);
        // Every copy button and tab within the screen's width (some are further down the page).
        for (const target of [...(await copyButtons.all()), page.getByRole('tab').last()]) {
          const box = await target.boundingBox();
          expect(box, 'a copy button or tab is drawn').not.toBeNull();
          expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
        }
      }
      await page.setViewportSize({ width: 360, height: 800 });
      await snapshot(page, `deposit-created-${language}-360`);
    });
  }

  test('the menu row says it scrolls: a fade and an arrow where entries are hidden, the current one in view', async ({
    page,
  }) => {
    await prime(page, 'en');
    await page.setViewportSize({ width: 360, height: 800 });
    await openHomeAs(page, 'member', 'en', '/?mc=depositv2');
    const menu = page.getByRole('navigation', { name: text.en.menu });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Deposit' })).toBeInViewport({ ratio: 1 });
    await expect(menu).toHaveAttribute('data-more-end', 'true');
    const arrow = menu.locator('.ui-centre-menu__scroll--end');
    await expect(arrow).toBeVisible();
    const list = menu.getByRole('list');
    const before = await list.evaluate((element) => element.scrollLeft);
    await arrow.click();
    await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(before);
    await expect(menu).toHaveAttribute('data-more-start', 'true');
    // Keyboard users reach every entry with Tab; the row follows focus.
    const last = menu.getByRole('button').filter({ hasText: 'Profile' });
    await last.focus();
    await expect(last).toBeInViewport({ ratio: 1 });
  });

  test('the member name is not cut short at 1440 px', async ({ page }) => {
    await prime(page, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openHomeAs(page, 'member', 'en');
    const name = page.locator('.auth-menu__name');
    await expect(name).toHaveText('Demo Player');
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });
});
