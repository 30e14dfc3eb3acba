import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerImageWidths, type Banner, type Promotion } from '@platform/contract';
import sharp from 'sharp';
import { banner, contentImageRendition, operatorAudit, promotion } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let dir: string;
/** A real raster file an operator could have: 1000 x 400, so only renditions up to 800 px are made. */
let pngPath: string;
let svgPath: string;

const ACTOR = 'cli:tester';
const run = (...args: string[]) => t.services.operator.run(args, ACTOR);
const counts = async () => ({
  banners: (await t.handle.db.select().from(banner)).length,
  promotions: (await t.handle.db.select().from(promotion)).length,
  renditions: (await t.handle.db.select().from(contentImageRendition)).length,
  audits: (await t.handle.db.select().from(operatorAudit)).length,
});
const banners = async (group: string, language: string) => {
  const { status, body } = await t.call<Banner[]>({
    method: 'GET',
    url: `/wps/content/banners?groupName=${group}&language=${language}`,
  });
  expect(status).toBe(200);
  if (!body.success) throw new Error('banners must answer');
  return body.value;
};
const idIn = (output: string, prefix: string) =>
  new RegExp(`\\b${prefix}_[0-9a-z]{12}\\b`).exec(output)?.[0] ?? '';
const both = (name: string, en: string, bn: string) => [`--${name}-en`, en, `--${name}-bn`, bn];

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(os.tmpdir(), 'content-images-'));
  pngPath = path.join(dir, 'art.png');
  await sharp({ create: { width: 1000, height: 400, channels: 3, background: '#7b2ff7' } })
    .png()
    .toFile(pngPath);
  svgPath = path.join(dir, 'art.svg');
  writeFileSync(
    svgPath,
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#0a0"/></svg>',
  );
  writeFileSync(path.join(dir, 'not-an-image.png'), 'hello, I am text');
});
afterAll(() => t.close());

describe('content banners add --image-file', () => {
  it('makes WebP renditions once, and the API answers texts per language with a srcset', async () => {
    const added = await run(
      'content',
      'banners',
      'add',
      '--group',
      'w_live',
      '--image-file',
      pngPath,
      ...both('title', 'Live tonight', 'আজ রাতে লাইভ'),
      ...both('subtitle', 'Real dealers', 'আসল ডিলার'),
      ...both('action', 'Play', 'খেলুন'),
    );
    expect(added).toMatchObject({ exitCode: 0 });
    expect(added.output).toContain('renditions 480, 800 px wide');
    const id = idIn(added.output, 'bnr');

    const [en] = await banners('w_live', 'en');
    const [bn] = await banners('w_live', 'bn');
    expect(en).toMatchObject({
      bannerId: id,
      title: 'Live tonight',
      subtitle: 'Real dealers',
      action: 'Play',
    });
    expect(bn).toMatchObject({ bannerId: id, title: 'আজ রাতে লাইভ', subtitle: 'আসল ডিলার', action: 'খেলুন' });
    // A raster is never enlarged: 1000 px wide gives the 480 and 800 renditions, cut to 3:1.
    const imageId = /\/wps\/content\/images\/([^/]+)\//.exec(en?.url ?? '')?.[1] ?? '';
    expect(en?.url).toBe(`/wps/content/images/${imageId}/800.webp`);
    expect(en?.image).toEqual({
      width: 800,
      height: 267,
      srcset: `/wps/content/images/${imageId}/480.webp 480w, /wps/content/images/${imageId}/800.webp 800w`,
    });

    const response = await t.app.inject({ method: 'GET', url: en?.url ?? '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(response.rawPayload).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'webp',
      width: 800,
      height: 267,
    });
  });

  it('draws a vector at every width', async () => {
    const added = await run(
      'content',
      'banners',
      'add',
      '--group',
      'w_fish',
      '--image-file',
      svgPath,
      ...both('title', 'Fish', 'মাছ'),
    );
    expect(added.exitCode).toBe(0);
    const [fish] = await banners('w_fish', 'en');
    expect(fish?.subtitle).toBeNull();
    expect(fish?.action).toBeNull();
    expect(fish?.image?.srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(
      bannerImageWidths.map((width) => `${width}w`),
    );
  });

  it('keeps a banner given by address as it is, without renditions', async () => {
    expect(
      (
        await run(
          'content',
          'banners',
          'add',
          '--group',
          'w_pvp',
          '--image',
          '/demo/x.svg',
          ...both('title', 'A', 'অ'),
        )
      ).exitCode,
    ).toBe(0);
    const [pvp] = await banners('w_pvp', 'en');
    expect(pvp).toMatchObject({ url: '/demo/x.svg', image: null, subtitle: null, action: null });
  });

  it.each([
    [['--image-file', '/nonexistent/art.png'], 'cannot read --image-file /nonexistent/art.png (ENOENT)'],
    [['--image-file', 'NOT_AN_IMAGE'], '--image-file: must be an SVG, PNG, JPEG or WebP image'],
    [['--image-file', 'PNG', '--image', '/demo/x.svg'], 'give --image or --image-file, not both'],
    [
      ['--image', '/demo/x.svg', '--subtitle-en', 'Only English'],
      '--subtitle-bn and --subtitle-en go together',
    ],
    [['--image', '/demo/x.svg', ...both('subtitle', 'x', ' ')], '--subtitle-bn/--subtitle-en'],
    [['--image', '/demo/x.svg', ...both('action', 'x'.repeat(41), 'খ')], '1 to 40 characters'],
  ])('refuses %j with a clear message and changes nothing', async (flags, message) => {
    const args = flags.map((flag) =>
      flag === 'PNG' ? pngPath : flag === 'NOT_AN_IMAGE' ? path.join(dir, 'not-an-image.png') : flag,
    );
    const before = await counts();
    const result = await run(
      'content',
      'banners',
      'add',
      '--group',
      'w_shop',
      ...args,
      ...both('title', 'T', 'ট'),
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain(message);
    expect(await counts()).toEqual(before);
    expect(await banners('w_shop', 'en')).toEqual([]);
  });
});

describe('content banners texts', () => {
  it('changes, keeps and removes texts of a banner', async () => {
    const [live] = await banners('w_live', 'en');
    const id = live?.bannerId ?? '';
    expect(
      await run(
        'content',
        'banners',
        'texts',
        id,
        ...both('subtitle', 'New line', 'নতুন লাইন'),
        '--no-action',
      ),
    ).toMatchObject({ exitCode: 0, output: `banner ${id} texts changed` });
    const [en] = await banners('w_live', 'en');
    const [bn] = await banners('w_live', 'bn');
    expect(en).toMatchObject({ title: 'Live tonight', subtitle: 'New line', action: null });
    expect(bn).toMatchObject({ title: 'আজ রাতে লাইভ', subtitle: 'নতুন লাইন', action: null });
    expect((await t.services.audit.recent(1))[0]).toMatchObject({
      command: 'content banners texts',
      detail: { id, action: null },
    });
  });

  it.each([
    [['bnr_000000000000', ...both('title', 'X', 'এক্স')], 'NOT_FOUND'],
    [['LIVE'], 'nothing to change'],
    [['LIVE', '--title-en', 'Only English'], '--title-bn and --title-en go together'],
    [['LIVE', ...both('action', 'Go', 'যান'), '--no-action'], 'contradict'],
    [['LIVE', ...both('title', '', 'ট')], '--title-bn/--title-en'],
    [[], 'expected 1 argument'],
  ])('refuses %j and changes nothing', async (flags, message) => {
    const [live] = await banners('w_live', 'en');
    const args = flags.map((flag) => (flag === 'LIVE' ? (live?.bannerId ?? '') : flag));
    const before = await counts();
    const result = await run('content', 'banners', 'texts', ...args);
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain(message);
    expect(await counts()).toEqual(before);
    expect(await banners('w_live', 'en')).toEqual([live]);
  });
});

describe('content promotions add --image-file', () => {
  it('cuts the image to 12:5 and answers the call-to-action per language', async () => {
    const added = await run(
      'content',
      'promotions',
      'add',
      '--category',
      'vip',
      '--image-file',
      svgPath,
      ...both('title', 'VIP', 'ভিআইপি'),
      ...both('summary', 'Gifts', 'উপহার'),
      ...both('content', 'Details', 'বিস্তারিত'),
      ...both('action', 'See', 'দেখুন'),
    );
    expect(added.exitCode).toBe(0);
    for (const [language, action] of [
      ['en', 'See'],
      ['bn', 'দেখুন'],
    ]) {
      const { body } = await t.call<Promotion[]>({
        method: 'GET',
        url: `/wps/promotions?category=vip&language=${language}`,
      });
      expect(body.success && body.value[0]).toMatchObject({
        action,
        image: { width: 1200, height: 500, srcset: expect.stringMatching(/ 400w, .* 800w, .* 1200w$/) },
      });
    }
  });

  it('refuses a promotion with an unreadable image file and adds nothing', async () => {
    const before = await counts();
    const result = await run(
      'content',
      'promotions',
      'add',
      '--category',
      'vip',
      '--image-file',
      path.join(dir, 'not-an-image.png'),
      ...both('title', 'VIP', 'ভিআইপি'),
      ...both('summary', 'Gifts', 'উপহার'),
      ...both('content', 'Details', 'বিস্তারিত'),
    );
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('--image-file');
    expect(await counts()).toEqual(before);
  });
});

describe('GET /wps/content/images/:imageId/:file', () => {
  it.each([
    '/wps/content/images/AAAAAAAAAAAAAAAAAAAAAA/480.webp',
    '/wps/content/images/short/480.webp',
    '/wps/content/images/AAAAAAAAAAAAAAAAAAAAAA/480.png',
    '/wps/content/images/AAAAAAAAAAAAAAAAAAAAAA/..%2F480.webp',
  ])('answers 404 for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for a width that was not made', async () => {
    const [live] = await banners('w_live', 'en');
    const response = await t.app.inject({
      method: 'GET',
      url: (live?.url ?? '').replace('800.webp', '1600.webp'),
    });
    expect(response.statusCode).toBe(404);
  });
});
