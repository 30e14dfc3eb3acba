import { expect, test } from '../support/test.js';
import { openHomeAs, prime, type Language, type SessionKind } from '../support/sessions.js';
import { snapshot } from '../support/screenshot.js';

const widths = [320, 360, 390, 412] as const;
const kinds: SessionKind[] = ['visitor', 'trial', 'member', 'agent'];
const languages: Language[] = ['bn', 'en'];

const labels = {
  bn: {
    openMenu: 'মেনু খুলুন',
    closeMenu: 'মেনু বন্ধ করুন',
    home: 'Khela হোম',
    darkMode: 'ডার্ক মোড',
    language: 'ভাষা',
  },
  en: {
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    home: 'Khela home',
    darkMode: 'Dark mode',
    language: 'Language',
  },
} as const;

/**
 * What a thumb meets in the header, measured in the page: every control it can tap is at least 44 by 44,
 * or at least 24 by 24 with no other control inside the 24 px circle around its centre (WCAG 2.2 target
 * size); each is inside the screen and on top where it is drawn; the logo is drawn and not covered; the
 * page does not scroll sideways.
 */
function headerProblems(): string[] {
  const problems: string[] = [];
  const header = document.querySelector<HTMLElement>('header.header');
  if (!header) return ['no header'];
  const viewport = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > viewport) {
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${viewport}`);
  }
  const controls = [...header.querySelectorAll<HTMLElement>('a[href], button, select, input')].filter(
    (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden',
  );
  const name = (element: HTMLElement) =>
    element.getAttribute('aria-label') ??
    ((element.textContent ?? '').trim().slice(0, 24) || element.tagName);
  const rects = controls.map((element) => element.getBoundingClientRect());
  controls.forEach((element, index) => {
    const rect = rects[index] as DOMRect;
    const label = `${name(element)} (${Math.round(rect.width)}x${Math.round(rect.height)})`;
    if (rect.left < -0.5 || rect.right > viewport + 0.5) problems.push(`${label} is off the screen`);
    const big = rect.width >= 43.5 && rect.height >= 43.5;
    if (!big) {
      if (rect.width < 23.5 || rect.height < 23.5) problems.push(`${label} is smaller than 24 x 24`);
      const cx = rect.left + rect.width / 2;
      const cy = rect.top + rect.height / 2;
      rects.forEach((other, otherIndex) => {
        if (
          otherIndex === index ||
          controls[otherIndex]?.contains(element) ||
          element.contains(controls[otherIndex] as Node)
        )
          return;
        const dx = Math.max(other.left - cx, 0, cx - other.right);
        const dy = Math.max(other.top - cy, 0, cy - other.bottom);
        if (Math.hypot(dx, dy) < 12)
          problems.push(
            `${label} has ${name(controls[otherIndex] as HTMLElement)} within 12 px of its centre`,
          );
      });
    }
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!hit || !(element === hit || element.contains(hit)))
      problems.push(`${label} is covered at its centre`);
  });
  const logo = header.querySelector<HTMLElement>('.header__logo');
  if (!logo) problems.push('no logo');
  else {
    const rect = logo.getBoundingClientRect();
    if (rect.width < 24 || rect.height < 24) problems.push(`the logo is ${rect.width}x${rect.height}`);
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!hit || !(hit === logo || logo.contains(hit))) problems.push('the logo is covered');
  }
  return problems;
}

test.describe('the header on a phone', () => {
  for (const kind of kinds) {
    for (const language of languages) {
      test(`${kind}, ${language}: the menu opens, the logo shows, every control is a thumb target from 320 px`, async ({
        page,
      }) => {
        const text = labels[language];
        await prime(page, language);
        await page.setViewportSize({ width: 390, height: 800 });
        await openHomeAs(page, kind, language);
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          const menu = page.getByRole('button', { name: text.openMenu });
          await expect(menu).toBeVisible();
          const box = await menu.boundingBox();
          expect(box?.width, `menu button width at ${width} px`).toBeGreaterThanOrEqual(44);
          expect(box?.height, `menu button height at ${width} px`).toBeGreaterThanOrEqual(44);
          await expect(page.getByRole('link', { name: text.home })).toBeVisible();
          expect(await page.evaluate(headerProblems), `header at ${width} px`).toEqual([]);
          if (width === 320 || width === 360) await snapshot(page, `header-${kind}-${language}-${width}`);

          // What left the header on a narrow screen is in the drawer: language and theme stay reachable.
          await menu.click();
          const drawer = page.locator('#side-menu');
          await expect(drawer.getByRole('button', { name: text.closeMenu })).toBeFocused();
          await expect(page.getByRole('switch', { name: text.darkMode })).toBeVisible();
          await expect(page.getByRole('combobox', { name: text.language })).toBeVisible();
          await drawer.getByRole('button', { name: text.closeMenu }).click();
          await expect(menu).toBeFocused();
          // The drawer slides out for 0.2 s: the next width is measured once it is gone.
          await expect(drawer).toBeHidden();
        }
      });
    }
  }
});
