import { expect, test } from '../support/test.js';

/**
 * From 1024 px the side menu is a column of the page where the page has one (home, the lobbies) and
 * nowhere else: on a page without it (register, login, the game frame) the drawer stays closed instead of
 * lying over the page's left edge and the header's logo.
 */
test.describe('the side menu at desktop width', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const path of ['/register', '/login', '/game']) {
    test(`${path} is not covered by the side menu`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('header.header')).toBeVisible();
      await expect(page.locator('#side-menu')).toBeHidden();
      const logo = page.locator('header.header a[href="/"]').first();
      await expect(logo).toBeVisible();
      const box = await logo.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      // What is drawn at the logo's centre is the logo, not a menu over it.
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest('header') !== null,
        [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
      );
      expect(onTop).toBe(true);
    });
  }

  test('home keeps its side menu as a column beside the page', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#side-menu')).toBeVisible();
    const menu = await page.locator('#side-menu').boundingBox();
    const main = await page.locator('main').first().boundingBox();
    expect((main?.x ?? 0) + 1).toBeGreaterThanOrEqual((menu?.x ?? 0) + (menu?.width ?? 0));
  });
});
