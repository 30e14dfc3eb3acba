import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, Banner, HelpCenter, Page, Promotion, PromotionDetail } from '@platform/contract';
import { banner as bannerTable } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(t.clock.now().getTime() + hoursFromNow * HOUR).toISOString();
const text = (en: string, bn: string, extra: Record<string, string> = {}) => ({ en, bn, ...extra });

const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { content } = t.services;
  // Added out of order: the answer must follow sortOrder, not insertion.
  ids.second = (
    await content.addBanner({
      groupName: 'w_home',
      imageUrl: '/demo/b2.svg',
      title: text('Second', 'দ্বিতীয়'),
      sortOrder: 2,
    })
  ).id;
  ids.first = (
    await content.addBanner({
      groupName: 'w_home',
      imageUrl: '/demo/b1.svg',
      title: text('First', 'প্রথম', { zh: '第一' }),
      linkageType: 'ROUTE',
      linkage: '/live',
      sortOrder: 1,
    })
  ).id;
  await content.addBanner({ groupName: 'w_rng', imageUrl: '/demo/r.svg', title: text('Slots', 'স্লট') });
  await t.handle.db.insert(bannerTable).values({
    id: 'bnr_switchedoff',
    groupName: 'w_home',
    imageUrl: '/demo/off.svg',
    title: text('Off', 'বন্ধ'),
    linkageType: 'NONE',
    sortOrder: 0,
    active: false,
  });

  // Twelve visible announcements, one an hour, the newest an hour ago.
  for (let index = 0; index < 12; index += 1) {
    const type = (['B', 'PL', 'PU', 'PR', 'H'] as const)[index % 5];
    await content.addAnnouncement({
      type,
      title: text(`Notice ${index}`, `নোটিশ ${index}`),
      content: text(`Body ${index}`, `বিষয় ${index}`),
      publishedAt: at(-(index + 1)),
    });
  }
  await content.addAnnouncement({
    type: 'B',
    title: text('Future', 'ভবিষ্যৎ'),
    content: text('x', 'x'),
    publishedAt: at(5),
  });
  await content.addAnnouncement({
    type: 'B',
    title: text('Expired', 'মেয়াদোত্তীর্ণ'),
    content: text('x', 'x'),
    publishedAt: at(-48),
    expiresAt: at(-24),
  });
  await content.addAnnouncement({
    type: 'PL',
    execution: 'L',
    title: text('Members only', 'শুধু সদস্য'),
    content: text('x', 'x'),
    publishedAt: at(-0.5),
  });

  const promotion = (
    category: 'new_player' | 'daily' | 'vip',
    title: string,
    startsAt: string,
    endsAt: string | null,
    sortOrder = 0,
  ) =>
    content.addPromotion({
      category,
      title: text(title, `${title} (বাংলা)`),
      summary: text(`${title} summary`, 'সারসংক্ষেপ'),
      content: text(`${title} content\n\nsecond paragraph`, 'বিস্তারিত'),
      imageUrl: '/demo/promo.svg',
      startsAt,
      endsAt,
      sortOrder,
    });
  ids.welcome = (await promotion('new_player', 'Welcome', at(-24), null, 1)).id;
  ids.spins = (await promotion('new_player', 'Spins', at(-24), at(24), 0)).id;
  ids.daily = (await promotion('daily', 'Daily', at(-24), null, 2)).id;
  ids.ended = (await promotion('vip', 'Ended', at(-48), at(-1))).id;
  ids.future = (await promotion('vip', 'Future', at(2), null)).id;

  const faq = await content.addHelpSection({ title: text('FAQ', 'প্রশ্নোত্তর'), sortOrder: 2 });
  const about = await content.addHelpSection({ title: text('About', 'সম্পর্কে'), sortOrder: 1 });
  await content.addHelpArticle({
    sectionId: faq.id,
    title: text('Q2', 'প্রশ্ন ২'),
    content: text('A2', 'উত্তর ২'),
    sortOrder: 2,
  });
  await content.addHelpArticle({
    sectionId: faq.id,
    title: text('Q1', 'প্রশ্ন ১'),
    content: text('A1', 'উত্তর ১'),
    sortOrder: 1,
  });
  await content.addHelpArticle({
    sectionId: about.id,
    title: text('Us', 'আমরা'),
    content: text('We', 'আমরা'),
    sortOrder: 0,
  });
});
afterAll(() => t.close());

describe('GET /wps/content/banners', () => {
  it('answers the active banners of the group in sort order, in the requested language', async () => {
    const { status, body } = await t.call<Banner[]>({
      method: 'GET',
      url: '/wps/content/banners?groupName=w_home&language=en',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      value: [
        {
          bannerId: ids.first,
          groupName: 'w_home',
          url: '/demo/b1.svg',
          title: 'First',
          linkageType: 'ROUTE',
          linkage: '/live',
          subtitle: null,
          action: null,
          image: null,
        },
        {
          bannerId: ids.second,
          groupName: 'w_home',
          url: '/demo/b2.svg',
          title: 'Second',
          linkageType: 'NONE',
          linkage: null,
          subtitle: null,
          action: null,
          image: null,
        },
      ],
    });
  });

  it('takes the language header when the query names none, and the site default (bn) otherwise', async () => {
    const byHeader = await t.call<Banner[]>({
      method: 'GET',
      url: '/wps/content/banners?groupName=w_home',
      headers: { language: 'en' },
    });
    expect(byHeader.body.success && byHeader.body.value.map((item) => item.title)).toEqual([
      'First',
      'Second',
    ]);
    const byDefault = await t.call<Banner[]>({ method: 'GET', url: '/wps/content/banners?groupName=w_home' });
    expect(byDefault.body.success && byDefault.body.value.map((item) => item.title)).toEqual([
      'প্রথম',
      'দ্বিতীয়',
    ]);
    const unknownHeader = await t.call<Banner[]>({
      method: 'GET',
      url: '/wps/content/banners?groupName=w_home',
      headers: { language: 'xx' },
    });
    expect(unknownHeader.body.success && unknownHeader.body.value[0]?.title).toBe('প্রথম');
  });

  it('falls back to English for a language the text lacks', async () => {
    const { body } = await t.call<Banner[]>({
      method: 'GET',
      url: '/wps/content/banners?groupName=w_home&language=zh',
    });
    expect(body.success && body.value.map((item) => item.title)).toEqual(['第一', 'Second']);
  });

  it('answers an empty list for a group without banners', async () => {
    const { status, body } = await t.call<Banner[]>({
      method: 'GET',
      url: '/wps/content/banners?groupName=w_shop',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, value: [] });
  });

  it.each([
    ['an unknown group', '/wps/content/banners?groupName=w_nope', 'groupName'],
    ['no group', '/wps/content/banners', 'groupName'],
    ['an unknown language', '/wps/content/banners?groupName=w_home&language=fr', 'language'],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_, url, field) => {
    const { status, body } = await t.call({ method: 'GET', url });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'errors.VALIDATION_FAILED',
    });
    expect(!body.success && body.issues?.some((issue) => issue.path.includes(field))).toBe(true);
  });
});

describe('GET /wps/announcements/v2', () => {
  const get = (query: string) =>
    t.call<Page<Announcement>>({ method: 'GET', url: `/wps/announcements/v2${query}` });

  it('pages the published, unexpired announcements newest first, 9 a page', async () => {
    const first = await get('?language=en');
    expect(first.status).toBe(200);
    if (!first.body.success) throw new Error('expected success');
    expect(first.body.value).toMatchObject({ pageNo: 1, pageSize: 9, totalCount: 12, totalPages: 2 });
    expect(first.body.value.list.map((item) => item.title)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Notice ${n}`),
    );
    expect(first.body.value.list[0]).toEqual({
      id: expect.any(String),
      type: 'B',
      title: 'Notice 0',
      content: 'Body 0',
      timestamp: at(-1),
    });

    const second = await get('?language=en&pageNo=2');
    expect(second.body.success && second.body.value.list.map((item) => item.title)).toEqual([
      'Notice 9',
      'Notice 10',
      'Notice 11',
    ]);
    const beyond = await get('?pageNo=3');
    expect(beyond.body).toMatchObject({ success: true, value: { list: [], totalCount: 12, totalPages: 2 } });
  });

  it('filters by a comma list of types', async () => {
    const { body } = await get('?types=PR,H&language=en&pageSize=20');
    if (!body.success) throw new Error('expected success');
    expect(body.value.list.map((item) => item.type).every((type) => type === 'PR' || type === 'H')).toBe(
      true,
    );
    expect(body.value.totalCount).toBe(4);
  });

  it('adds login-only announcements for execution L', async () => {
    const { body } = await get('?execution=L&language=en');
    expect(body.success && body.value.totalCount).toBe(13);
    expect(body.success && body.value.list[0]?.title).toBe('Members only');
  });

  it('shows an announcement once its publication time has come', async () => {
    t.clock.advance(6 * HOUR);
    try {
      const { body } = await get('?language=en');
      expect(body.success && body.value.list[0]?.title).toBe('Future');
    } finally {
      t.clock.advance(-6 * HOUR);
    }
  });

  it.each([
    ['an unknown type', '?types=B,XX'],
    ['an empty type list', '?types=,'],
    ['pageNo 0', '?pageNo=0'],
    ['a non-numeric pageNo', '?pageNo=abc'],
    ['a huge pageNo', '?pageNo=99999999999'],
    ['a fractional pageNo', '?pageNo=1.5'],
    ['pageSize above 100', '?pageSize=101'],
    ['another platform', '?platform=M'],
    ['an unknown execution', '?execution=X'],
  ])('refuses %s with 400 and changes nothing', async (_, query) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const after = await get('');
    expect(after.body.success && after.body.value.totalCount).toBe(12);
  });
});

describe('GET /wps/promotions', () => {
  it('lists current active promotions in sort order', async () => {
    const { status, body } = await t.call<Promotion[]>({ method: 'GET', url: '/wps/promotions?language=en' });
    expect(status).toBe(200);
    expect(body.success && body.value.map((item) => item.title)).toEqual(['Spins', 'Welcome', 'Daily']);
    expect(body.success && body.value[0]).toEqual({
      id: ids.spins,
      category: 'new_player',
      title: 'Spins',
      summary: 'Spins summary',
      imageUrl: '/demo/promo.svg',
      image: null,
      action: null,
      startsAt: at(-24),
      endsAt: at(24),
    });
  });

  it('filters by category', async () => {
    const { body } = await t.call<Promotion[]>({ method: 'GET', url: '/wps/promotions?category=new_player' });
    expect(body.success && body.value.map((item) => item.id)).toEqual([ids.spins, ids.welcome]);
    const none = await t.call<Promotion[]>({ method: 'GET', url: '/wps/promotions?category=vip' });
    expect(none.body).toEqual({ success: true, value: [] });
  });

  it('refuses an unknown category with 400', async () => {
    const { status, body } = await t.call({ method: 'GET', url: '/wps/promotions?category=jackpot' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});

describe('GET /wps/promotions/:id', () => {
  it('answers the promotion with its content', async () => {
    const { status, body } = await t.call<PromotionDetail>({
      method: 'GET',
      url: `/wps/promotions/${ids.welcome}`,
      headers: { language: 'en' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      value: { id: ids.welcome, title: 'Welcome', content: 'Welcome content\n\nsecond paragraph' },
    });
  });

  it.each([
    ['an unknown id', () => 'promo_doesnotexist'],
    ['an ended promotion', () => ids.ended ?? ''],
    ['a promotion not started yet', () => ids.future ?? ''],
  ])('answers 404 NOT_FOUND for %s', async (_, id) => {
    const { status, body } = await t.call({ method: 'GET', url: `/wps/promotions/${id()}` });
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
  });

  it.each([
    ['characters outside the id alphabet', '/wps/promotions/bad%20id!'],
    ['an id longer than 64', `/wps/promotions/${'a'.repeat(65)}`],
  ])('refuses %s with 400', async (_, url) => {
    const { status, body } = await t.call({ method: 'GET', url });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});

describe('GET /wps/system/helpCenter', () => {
  it('answers the sections with their articles, both in order', async () => {
    const { status, body } = await t.call<HelpCenter>({
      method: 'GET',
      url: '/wps/system/helpCenter?language=en',
    });
    expect(status).toBe(200);
    if (!body.success) throw new Error('expected success');
    expect(
      body.value.sections.map((section) => [section.title, section.articles.map((article) => article.title)]),
    ).toEqual([
      ['About', ['Us']],
      ['FAQ', ['Q1', 'Q2']],
    ]);
    expect(body.value.sections[1]?.articles[0]).toEqual({
      id: expect.any(String),
      title: 'Q1',
      content: 'A1',
    });
  });

  it('answers in Bengali by default', async () => {
    const { body } = await t.call<HelpCenter>({ method: 'GET', url: '/wps/system/helpCenter' });
    expect(body.success && body.value.sections.map((section) => section.title)).toEqual([
      'সম্পর্কে',
      'প্রশ্নোত্তর',
    ]);
  });

  it('refuses an unknown language with 400', async () => {
    const { status } = await t.call({ method: 'GET', url: '/wps/system/helpCenter?language=klingon' });
    expect(status).toBe(400);
  });
});
