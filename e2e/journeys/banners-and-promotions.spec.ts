import type { Page } from '@playwright/test';
import { snapshot } from '../support/screenshot.js';
import { expect, test } from '../support/test.js';

/** Bengali script (U+0980 to U+09FF). */
const BENGALI = /[\u0980-\u09ff]/;
/** The tallest the home banner strip may be on a wide screen (banner-carousel.css). */
const BANNER_MAX_HEIGHT = 260;

const firstBanner = (page: Page) => page.locator('.content-banners .ui-carousel__slide').first();

/** Every image of the banner strip and the promotion slides, as the browser sees its attributes. */
async function contentImages(page: Page) {
  return page.locator('.content-banner img, .content-promo-slide img').evaluateAll((images) =>
    images.map((node) => {
      const image = node as HTMLImageElement;
      return {
        kind: image.closest('.content-banner') ? 'banner' : 'promotion',
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        srcset: image.getAttribute('srcset') ?? '',
        sizes: image.getAttribute('sizes') ?? '',
        loading: image.getAttribute('loading'),
        fetchpriority: image.getAttribute('fetchpriority'),
      };
    }),
  );
}

test.describe('banners and promotions', () => {
  test('banner texts are HTML in the page language: Bengali first, English after switching', async ({
    page,
  }) => {
    // Wide, where the language select is in the header (a phone has it in the drawer).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    const title = firstBanner(page).locator('.content-banner__title');
    await expect(title).toHaveText(BENGALI);
    await expect(firstBanner(page).locator('.content-banner__subtitle')).toHaveText(BENGALI);
    // The art itself carries no words: it is decoration behind the text.
    await expect(firstBanner(page).locator('img')).toHaveAttribute('alt', '');

    await page
      .getByRole('combobox', { name: 'ভাষা' })
      .filter({ visible: true })
      .first()
      .selectOption({ label: 'English' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(title).toHaveText(/^[\x20-\x7e]+$/);
    await expect(firstBanner(page).locator('.content-banner__subtitle')).toHaveText(/^[\x20-\x7e]+$/);
  });

  test('images are sized for the viewport: width, height, a WebP srcset; only the first banner is eager', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('.content-banner img').first()).toBeAttached();
    await expect(page.locator('.content-promo-slide img').first()).toBeAttached();
    const images = await contentImages(page);
    expect(images.filter((image) => image.kind === 'banner').length).toBeGreaterThan(1);
    expect(images.filter((image) => image.kind === 'promotion').length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.width, JSON.stringify(image)).toMatch(/^\d+$/);
      expect(image.height, JSON.stringify(image)).toMatch(/^\d+$/);
      expect(image.srcset, JSON.stringify(image)).toMatch(/^(\S+\.webp \d+w)(, \S+\.webp \d+w)+$/);
      expect(image.sizes, JSON.stringify(image)).not.toBe('');
    }
    const [first, ...rest] = images;
    expect(first).toMatchObject({ kind: 'banner', loading: 'eager', fetchpriority: 'high' });
    for (const image of rest) expect(image).toMatchObject({ loading: 'lazy', fetchpriority: null });

    // The phone picks a rendition near its width, not the largest.
    const chosen = await firstBanner(page)
      .locator('img')
      .evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(chosen).toMatch(/\/(480|800|1200)\.webp$/);
  });

  test('the registration submit button is on the first screen of a 360 x 740 phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/register');
    const submit = page.locator('.auth-page form button[type="submit"]').first();
    await expect(submit).toBeVisible();
    // Wait for the promotions (after the form), so the measurement is of the settled page.
    await expect(page.locator('.content-promo-slide img').first()).toBeAttached();
    const box = await submit.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(740);
    // At most one visual above the form.
    const visualsAbove = await page.evaluate(() => {
      const form = document.querySelector('.auth-page form');
      const top = form?.getBoundingClientRect().top ?? 0;
      return [...document.querySelectorAll('.content-banners, .content-promo-carousel')].filter(
        (node) => node.getBoundingClientRect().bottom <= top,
      ).length;
    });
    expect(visualsAbove).toBeLessThanOrEqual(1);
    await snapshot(page, 'register-360-bn');
  });

  test('on a 1440 x 900 screen the home banner leaves most of the first view to the page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const strip = firstBanner(page).locator('.content-banner');
    await expect(strip).toBeVisible();
    const banner = await strip.boundingBox();
    expect(banner?.height).toBeLessThanOrEqual(BANNER_MAX_HEIGHT);
    // The promotion slide is no taller than the banner and its title is set large enough to read.
    // A loaded slide (the loading placeholder has the slide's box too, without an image).
    const slide = page.locator('.content-promo-slide:has(img)').first();
    await slide.scrollIntoViewIfNeeded();
    expect((await slide.boundingBox())?.height).toBeLessThanOrEqual(BANNER_MAX_HEIGHT);
    const titleSize = await slide
      .locator('.content-promo-slide__title')
      .evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
    expect(titleSize).toBeGreaterThanOrEqual(22);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapshot(page, 'home-1440-bn');
  });
});
