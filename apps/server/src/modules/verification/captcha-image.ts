import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import opentype from 'opentype.js';
import type { Rng } from '../../lib/rng.js';

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;

/** No 0/O/Q, 1/I, so a person can read back what a machine drew. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKLMNPRSTUVWXYZ';
export const CAPTCHA_LENGTH = 4;

let font: opentype.Font | null = null;

/** Parsed on first use and kept: parsing costs far more than drawing. */
function captchaFont(): opentype.Font {
  if (!font) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@fontsource/roboto-mono/files/roboto-mono-latin-400-normal.woff');
    const bytes = readFileSync(file);
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return font;
}

export function captchaText(rng: Rng): string {
  let text = '';
  for (let index = 0; index < CAPTCHA_LENGTH; index += 1) {
    text += CAPTCHA_ALPHABET[rng.int(0, CAPTCHA_ALPHABET.length)];
  }
  return text;
}

/** A colour dark enough to read on the light background. */
function inkColour(rng: Rng): string {
  return `hsl(${rng.int(0, 360)}, ${rng.int(45, 80)}%, ${rng.int(18, 38)}%)`;
}

/**
 * Draws the text as glyph outlines (no font is needed where the SVG is rendered, and no <text> a
 * scraper could read), each character turned, moved and sized a little, under a few curves and dots.
 */
export function captchaSvg(text: string, rng: Rng): string {
  const glyphFont = captchaFont();
  const slot = (CAPTCHA_WIDTH - 16) / text.length;
  const parts: string[] = [];
  parts.push(
    `<rect width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" fill="hsl(${rng.int(0, 360)}, 30%, 94%)"/>`,
  );

  for (let curve = 0; curve < 3; curve += 1) {
    const y1 = rng.int(4, CAPTCHA_HEIGHT - 4);
    const y2 = rng.int(4, CAPTCHA_HEIGHT - 4);
    const cx = rng.int(20, CAPTCHA_WIDTH - 20);
    const cy = rng.int(-10, CAPTCHA_HEIGHT + 10);
    parts.push(
      `<path d="M0 ${y1} Q${cx} ${cy} ${CAPTCHA_WIDTH} ${y2}" stroke="${inkColour(rng)}" stroke-width="${rng.int(1, 3)}" fill="none" opacity="0.6"/>`,
    );
  }

  [...text].forEach((character, index) => {
    const size = rng.int(24, 31);
    const angle = rng.int(-25, 26);
    const x = 8 + index * slot + rng.int(0, 5);
    const baseline = rng.int(26, 33);
    const path = glyphFont.getPath(character, 0, 0, size).toPathData(2);
    // Turned about the glyph's middle so it stays inside its slot.
    const middleX = size * 0.3;
    const middleY = -size * 0.35;
    parts.push(
      `<g transform="translate(${x} ${baseline}) rotate(${angle} ${middleX} ${middleY})"><path d="${path}" fill="${inkColour(rng)}"/></g>`,
    );
  });

  for (let dot = 0; dot < 30; dot += 1) {
    parts.push(
      `<circle cx="${rng.int(0, CAPTCHA_WIDTH)}" cy="${rng.int(0, CAPTCHA_HEIGHT)}" r="${rng.int(1, 3) / 2}" fill="${inkColour(rng)}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">${parts.join('')}</svg>`;
}

export function captchaPng(text: string, rng: Rng): Buffer {
  const svg = captchaSvg(text, rng);
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}
