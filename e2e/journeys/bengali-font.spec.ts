import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { handOffCode } from '../support/member.js';

/** The characters the shipped Bengali face covers (its unicode-range), as opposed to spaces and Latin. */
const BENGALI_FACE_CHARS = /[\u0951\u0952\u0964\u0965\u0980-\u09FF\u200C\u200D]/u;
const WEB_FONT = /^Noto Sans Bengali/;

interface Drawn {
  text: string;
  problem: string;
}

/**
 * Which visible Bengali strings were not drawn by the shipped web font, asked of Chromium itself
 * (DevTools' platform fonts for a node). This machine has no Bengali system font, so a string drawn by
 * anything else shows boxes. The protocol counts glyphs per font for a node's text, not per
 * character: a fallback font may draw at most the string's non-Bengali characters (spaces, digits,
 * Latin), and every Bengali glyph beyond those is a box.
 */
async function notDrawnByWebFont(page: Page): Promise<Drawn[]> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  const texts = await page.evaluate((pattern) => {
    const bengali = new RegExp(pattern, 'u');
    const byElement = new Map<Element, string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // A closed select's options are not laid out; the select shows its value with the same font.
      if (!parent || parent.closest('option') || !bengali.test(node.nodeValue ?? '')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      // The protocol's answer covers the element's rendered text, its children's included.
      if (parent instanceof HTMLElement) byElement.set(parent, parent.innerText.replace(/\s+/g, ' ').trim());
    }
    return [...byElement].map(([element, text], index) => {
      element.setAttribute('data-bengali-probe', String(index));
      return text;
    });
  }, BENGALI_FACE_CHARS.source);
  expect(texts.length, 'visible Bengali strings on the page').toBeGreaterThan(0);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: '[data-bengali-probe]',
  });
  const problems: Drawn[] = [];
  let checked = 0;
  for (const nodeId of nodeIds) {
    let attributes: string[];
    let fonts: { familyName: string; isCustomFont: boolean; glyphCount: number }[];
    try {
      ({ attributes } = await cdp.send('DOM.getAttributes', { nodeId }));
      ({ fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId }));
    } catch (error) {
      // The page replaced the element meanwhile (a list refreshed, a slide moved on): it is no longer
      // shown, so there is nothing of it to draw.
      if (String(error).includes('Could not find node')) continue;
      throw error;
    }
    checked += 1;
    const text = texts[Number(attributes[attributes.indexOf('data-bengali-probe') + 1])] ?? '';
    const web = fonts.filter((font) => font.isCustomFont && WEB_FONT.test(font.familyName));
    const fallbackGlyphs = fonts
      .filter((font) => !web.includes(font))
      .reduce((sum, font) => sum + font.glyphCount, 0);
    const otherChars = [...text].filter((char) => !BENGALI_FACE_CHARS.test(char)).length;
    const drawnBy = fonts.map((font) => `${font.familyName} ${font.glyphCount}`).join(', ');
    if (web.length === 0 || fallbackGlyphs > otherChars) problems.push({ text, problem: drawnBy });
  }
  await cdp.detach();
  expect(checked, 'Bengali strings still on the page when their fonts were asked for').toBeGreaterThan(0);
  return problems;
}

test.describe('Bengali is drawn by the shipped font on a device without one', () => {
  test('home, register and login', async ({ page }) => {
    for (const path of ['/', '/register', '/login']) {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      expect(await notDrawnByWebFont(page), `Bengali not drawn by the web font on ${path}`).toEqual([]);
    }
  });

  test('deposit and withdraw in the member centre', async ({ page }) => {
    await page.goto(`/?token=${await handOffCode(page)}&mc=depositv2`);
    await expect(page.getByRole('dialog', { name: 'মেম্বার সেন্টার' })).toBeVisible();
    expect(await notDrawnByWebFont(page), 'Bengali not drawn by the web font on deposit').toEqual([]);

    await page.goto('/?mc=withdraw');
    await expect(page.getByRole('dialog', { name: 'মেম্বার সেন্টার' })).toBeVisible();
    expect(await notDrawnByWebFont(page), 'Bengali not drawn by the web font on withdraw').toEqual([]);
  });
});
