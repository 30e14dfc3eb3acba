import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bannerGroups,
  type Announcement,
  type Banner,
  type HelpCenter,
  type Page,
  type Permission,
  type Promotion,
  type PromotionDetail,
  type GameList,
  type VendorList,
} from '@platform/contract';
import { createTestApp, type TestApp } from './test/harness.js';
import { cryptoRng } from './lib/rng.js';
import { announcement, banner, gameVendor, helpArticle, helpSection, promotion } from './db/schema.js';
import { seedDemoData } from './demo-seed.js';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public');

let t: TestApp;
const value = async <T>(url: string): Promise<T> => {
  const { status, body } = await t.call<T>({ method: 'GET', url });
  expect(status).toBe(200);
  if (!body.success) throw new Error(`${url} failed`);
  return body.value;
};
const counts = async () => ({
  banners: (await t.handle.db.select().from(banner)).length,
  announcements: (await t.handle.db.select().from(announcement)).length,
  promotions: (await t.handle.db.select().from(promotion)).length,
  sections: (await t.handle.db.select().from(helpSection)).length,
  articles: (await t.handle.db.select().from(helpArticle)).length,
  vendors: (await t.handle.db.select().from(gameVendor)).length,
});

beforeAll(async () => {
  t = await createTestApp();
  const logins = await seedDemoData(t.handle.db, seedDeps(t));
  expect(logins.map((login) => login.username)).toEqual([
    'demo01',
    'agent01',
    'admin',
    'finance',
    'risk',
    'support',
    'content',
    'games',
    'agents',
    'analyst',
  ]);
});

const seedDeps = (app: TestApp) => ({ clock: app.clock, rng: cryptoRng, passwords: app.services.passwords });
afterAll(() => t.close());

describe('seedDemoData', () => {
  it('seeds 2 to 3 banners for every banner group, texts in bn and en, images as served renditions', async () => {
    for (const group of bannerGroups) {
      const banners = await value<Banner[]>(`/wps/content/banners?groupName=${group}&language=en`);
      const bengali = await value<Banner[]>(`/wps/content/banners?groupName=${group}&language=bn`);
      expect({ group, count: banners.length >= 2 && banners.length <= 3 }).toEqual({ group, count: true });
      for (const [index, item] of banners.entries()) {
        expect(item.title).toMatch(/^[\x20-\x7e]+$/);
        expect(item.subtitle).toMatch(/^[\x20-\x7e’]+$/);
        expect(bengali[index]?.title).toMatch(/[\u0980-\u09ff]/);
        expect(bengali[index]?.subtitle).toMatch(/[\u0980-\u09ff]/);
        expect(item.image).toMatchObject({ width: 1600, height: 533 });
        const response = await t.app.inject({ method: 'GET', url: item.url });
        expect({
          url: item.url,
          status: response.statusCode,
          type: response.headers['content-type'],
        }).toEqual({
          url: item.url,
          status: 200,
          type: 'image/webp',
        });
        expect(response.rawPayload.length).toBeLessThan(40_000);
      }
    }
  });

  it('links banners to promotions that exist', async () => {
    const home = await value<Banner[]>('/wps/content/banners?groupName=w_home');
    const linked = home.find((item) => item.linkageType === 'PROMOTION');
    expect(linked?.linkage).toBeTruthy();
    const detail = await value<PromotionDetail>(`/wps/promotions/${linked?.linkage ?? ''}?language=bn`);
    expect(detail.category).toBe('new_player');
    expect(detail.content).toMatch(/[\u0980-\u09FF]/);
  });

  it('seeds two pages of announcements of mixed types, in Bengali and English', async () => {
    const first = await value<Page<Announcement>>('/wps/announcements/v2');
    expect(first).toMatchObject({ totalCount: 12, totalPages: 2 });
    expect(new Set(first.list.map((item) => item.type)).size).toBeGreaterThanOrEqual(4);
    expect(first.list[0]?.title).toMatch(/[\u0980-\u09FF]/);
    const english = await value<Page<Announcement>>('/wps/announcements/v2?language=en&pageNo=2');
    expect(english.list).toHaveLength(3);
    expect(english.list[0]?.title).toMatch(/^[\x20-\x7E]+$/);
  });

  it('seeds promotions across categories, two for new players, with their images', async () => {
    const all = await value<Promotion[]>('/wps/promotions');
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(new Set(all.map((item) => item.category)).size).toBeGreaterThanOrEqual(4);
    expect(await value<Promotion[]>('/wps/promotions?category=new_player')).toHaveLength(2);
    for (const item of all) {
      expect(item.action).not.toBeNull();
      expect(item.image).toMatchObject({ width: 1200, height: 500 });
      const response = await t.app.inject({ method: 'GET', url: item.imageUrl });
      expect({ url: item.imageUrl, status: response.statusCode }).toEqual({
        url: item.imageUrl,
        status: 200,
      });
    }
  });

  it('seeds a help centre of 4 sections with 2 to 4 articles each', async () => {
    const help = await value<HelpCenter>('/wps/system/helpCenter?language=en');
    expect(help.sections).toHaveLength(4);
    for (const section of help.sections) expect(section.articles.length).toBeGreaterThanOrEqual(2);
    for (const section of help.sections) expect(section.articles.length).toBeLessThanOrEqual(4);
  });

  it('seeds vendors for every category, esports split out of sports', async () => {
    const { categories } = await value<VendorList>('/wps/game/vendors');
    expect(categories.map((category) => category.gameCategory)).toEqual([
      'ELOTT',
      'LOTT',
      'LIVE',
      'SPORTS',
      'FISH',
      'RNG',
      'PVP',
      'ESPORTS',
    ]);
    expect(
      categories
        .find((category) => category.gameCategory === 'LOTT')
        ?.vendors.map((vendor) => vendor.vassalage),
    ).toEqual(['TCG_SEA']);
    expect(
      categories
        .find((category) => category.gameCategory === 'ESPORTS')
        ?.vendors.map((vendor) => vendor.vassalage),
    ).toEqual(['DEMO_ESPORTS']);
    for (const vendor of categories.flatMap((category) => category.vendors)) {
      expect(existsSync(path.join(publicDir, vendor.smallIcon ?? '-')), vendor.vassalage).toBe(true);
    }
    // No empty vendor: every lobby vendor has games (the lottery categories open the lottery pages).
    for (const { gameCategory, vendors } of categories) {
      if (gameCategory === 'ELOTT' || gameCategory === 'LOTT') continue;
      for (const vendor of vendors) {
        const list = await value<GameList>(`/wps/game/list?vassalage=${vendor.vassalage}`);
        expect(list.totalCount, vendor.vassalage).toBeGreaterThan(0);
      }
    }
  });

  it('seeds customer service and the download and social resources', async () => {
    const { info } = await value<Permission>('/wps/system/permission');
    expect(info.customerService.entries).toContainEqual({ type: 3, url: '/demo-customer-service' });
    expect(info.resources.map((resource) => resource.resourceType)).toEqual(
      expect.arrayContaining(['Android', 'IOS', 'SpeedTest', 'AFFILIATELINK', 'SOCIAL']),
    );
    expect(
      info.resources
        .filter((resource) => resource.resourceType === 'SOCIAL')
        .map((resource) => resource.labelNameEn),
    ).toEqual(['Facebook', 'Instagram', 'Telegram', 'WhatsApp']);
    const status = await value<{ customerServiceUrl: string | null }>('/wps/system/status');
    expect(status.customerServiceUrl).toBe('/demo-customer-service');
    // It is a page of its own, not the web app (which shows the maintenance page during maintenance).
    const page = await t.app.inject({ method: 'GET', url: status.customerServiceUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Customer service');
  });

  it('creates the demo logins it prints: a member under the demo agent, and the agent', async () => {
    const login = await t.call<{
      status: string;
      token: string;
      user: { type: number; toUpline: string | null };
    }>({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demo01', password: 'Demo1234' },
    });
    expect(login.body).toMatchObject({ success: true, value: { status: 'ok', user: { type: 0 } } });
    const agent = await t.call<{ status: string; user: { type: number } }>({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'agent01', password: 'Agent1234' },
    });
    expect(agent.body).toMatchObject({ success: true, value: { status: 'ok', user: { type: 1 } } });
    const check = await t.call({ method: 'GET', url: '/wps/agent/affiliate?code=KHELA01' });
    expect(check.body).toEqual({ success: true, value: { valid: true } });
    const admin = await t.call({
      method: 'POST',
      url: '/wps/admin/session/login',
      payload: { username: 'admin', password: 'Admin-Pass-2026' },
    });
    expect(admin.body).toMatchObject({ success: true, value: { username: 'admin', roles: ['owner'] } });
    const channels = await t.call<{ kind: string }[]>({
      method: 'GET',
      url: '/wps/cashier/channels',
      headers: { authorization: `Bearer ${login.body.success ? login.body.value.token : ''}` },
    });
    expect(channels.body.success && channels.body.value.map((channel) => channel.kind).sort()).toEqual([
      'bank_transfer',
      'gateway',
    ]);
  });

  it('seeds once: a second run adds nothing, even after the operator removed demo content', async () => {
    const before = await counts();
    // 9 demo vendors and INHOUSE, our own games (migration 0018), which every database has.
    // 12 public announcements and 3 for agents (ADR 067).
    expect(before).toMatchObject({ announcements: 15, sections: 4, vendors: 10 });
    const [first] = await t.services.game.listVendors();
    await t.services.game.removeVendor(first?.vassalage ?? '');
    await seedDemoData(t.handle.db, seedDeps(t));
    expect(await counts()).toEqual({ ...before, vendors: before.vendors - 1 });
  });

  it('keeps settings the operator chose before the first seed', async () => {
    const other = await createTestApp();
    try {
      await other.services.settings.set('site.customerService', {
        entries: [{ type: 3, url: 'https://chat.example' }],
        vipUrl: null,
      });
      await seedDemoData(other.handle.db, seedDeps(other));
      expect(await other.services.settings.get('site.customerService')).toEqual({
        entries: [{ type: 3, url: 'https://chat.example' }],
        vipUrl: null,
      });
      expect((await other.services.settings.get('site.resources')).length).toBe(8);
    } finally {
      await other.close();
    }
  });
});
