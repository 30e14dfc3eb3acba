import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Banner,
  HelpCenter,
  Page,
  Announcement,
  Promotion,
  SystemStatus,
  VendorList,
} from '@platform/contract';
import { operatorAudit } from '../../db/schema.js';
import { createTestApp, OPERATOR_SECRET, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ACTOR = 'cli:tester';
const run = (...args: string[]) => t.services.operator.run(args, ACTOR);
const auditCount = async () => (await t.handle.db.select().from(operatorAudit)).length;
const lastAudit = async () => (await t.services.audit.recent(1))[0];
const systemStatus = async () => {
  const { body } = await t.call<SystemStatus>({ method: 'GET', url: '/wps/system/status' });
  if (!body.success) throw new Error('status must answer');
  return body.value;
};
/** the first id-looking word of the output */
const idIn = (output: string, prefix: string) =>
  new RegExp(`\\b${prefix}_[0-9a-z]{12}\\b`).exec(output)?.[0] ?? '';

describe('help and mistakes on the command line', () => {
  it.each([[[]], [['help']], [['--help']]])('prints the usage for %j', async (args) => {
    const result = await t.services.operator.run(args, ACTOR);
    expect(result.exitCode).toBe(0);
    expect(result.output).toContain('settings set KEY VALUE');
    expect(result.output).toContain('content banners add');
    expect(result.output).toContain('vendors add');
  });

  it.each([
    [['frobnicate'], 'unknown command: frobnicate'],
    [['settings'], 'settings needs a command'],
    [['settings', 'get'], 'expected 1 argument'],
    [['maintenance', 'on', '--until'], '--until'],
    [['content', 'banners', 'add', '--colour', 'red'], "Unknown option '--colour'"],
    [['content', 'banners', 'add', '--group', 'w_home'], 'missing --image'],
  ])('answers %j with exit code 2 and the usage', async (args, message) => {
    const before = await auditCount();
    const result = await t.services.operator.run(args, ACTOR);
    expect(result.exitCode).toBe(2);
    expect(result.output).toContain(message);
    expect(result.output).toContain('Usage:');
    expect(await auditCount()).toBe(before);
  });
});

describe('settings', () => {
  it('lists and gets settings with what they accept', async () => {
    const list = await run('settings', 'list');
    expect(list.exitCode).toBe(0);
    expect(list.output).toContain('system.maintenance = {"enabled":false,"endTime":null}');
    const get = await run('settings', 'get', 'register.minimumAge');
    expect(get).toEqual({ exitCode: 0, output: 'register.minimumAge = 18\n\naccepts: 18 | 21' });
  });

  it('sets a JSON value, a bare string, and resets it, writing an audit row each time', async () => {
    const before = await auditCount();
    const dollars = '{"code":"USD","locales":{"bn":"bn-BD","en":"en-US"}}';
    expect(await run('settings', 'set', 'site.currency', dollars)).toEqual({
      exitCode: 0,
      output: `site.currency = ${dollars}`,
    });
    expect(await t.services.settings.get('site.currency')).toEqual(JSON.parse(dollars));
    expect(await run('settings', 'set', 'site.languages', '["bn","en","zh"]')).toMatchObject({ exitCode: 0 });
    expect(await t.services.settings.get('site.languages')).toEqual(['bn', 'en', 'zh']);
    expect(await run('settings', 'set', 'register.captchaEnabled', 'false')).toMatchObject({ exitCode: 0 });
    expect(await t.services.settings.get('register.captchaEnabled')).toBe(false);
    // A string setting keeps a value that also reads as JSON of another type.
    expect(await run('settings', 'set', 'site.name', '1234')).toMatchObject({ exitCode: 0 });
    expect(await t.services.settings.get('site.name')).toBe('1234');
    expect(await lastAudit()).toMatchObject({
      actor: ACTOR,
      command: 'settings set',
      detail: { key: 'site.name', value: '1234' },
    });

    expect(await run('settings', 'reset', 'site.currency')).toEqual({
      exitCode: 0,
      output: 'site.currency reset to {"code":"BDT","locales":{"bn":"bn-BD","en":"en-BD"}}',
    });
    expect(await t.services.settings.get('site.currency')).toEqual({
      code: 'BDT',
      locales: { bn: 'bn-BD', en: 'en-BD' },
    });
    expect(await auditCount()).toBe(before + 5);
  });

  it.each([
    [
      'a bad value',
      ['system.maintenance', '{"enabled":"yes"}'],
      [
        'system.maintenance.enabled',
        'system.maintenance accepts: { enabled: boolean, endTime: string (date-time) | null }',
      ],
    ],
    ['a value of the wrong type', ['register.minimumAge', '19'], ['18 | 21']],
    ['a bad string', ['site.name', ''], ['site.name accepts: string (1 to 100 characters)']],
    [
      'a currency that does not exist',
      ['site.currency', '{"code":"QQQ","locales":{"bn":"bn-BD","en":"en-BD"}}'],
      ['site.currency.code', 'an ISO 4217 currency code'],
    ],
    [
      'a locale that is not one',
      ['site.currency', '{"code":"BDT","locales":{"bn":"bn_BD!","en":"en-BD"}}'],
      ['site.currency.locales.bn', 'a BCP 47 locale'],
    ],
    [
      'a negative welcome bonus',
      ['promotion.welcomeBonus', '{"enabled":true,"percent":100,"upTo":"-5"}'],
      ['promotion.welcomeBonus.upTo'],
    ],
    ['broken JSON', ['site.languages', '[bn'], ['site.languages']],
    [
      'an unknown key',
      ['site.colour', '"red"'],
      ['unknown setting "site.colour"', 'known settings: system.maintenance'],
    ],
  ])(
    'refuses %s with exit code 1, says what the key expects and changes nothing',
    async (_, args, expected) => {
      const settingsBefore = await t.services.settings.all();
      const auditBefore = await auditCount();
      const result = await run('settings', 'set', ...args);
      expect(result.exitCode).toBe(1);
      expect(result.output).toContain('VALIDATION_FAILED');
      for (const text of expected) expect(result.output).toContain(text);
      expect(await t.services.settings.all()).toEqual(settingsBefore);
      expect(await auditCount()).toBe(auditBefore);
    },
  );
});

describe('maintenance and region', () => {
  beforeEach(async () => {
    await t.services.settings.reset('system.maintenance');
    await t.services.settings.reset('system.regionRestriction');
  });

  it('turns maintenance on with an end time and off again, visible in /wps/system/status', async () => {
    const on = await run('maintenance', 'on', '--until', '2026-11-21T12:00:00Z');
    expect(on).toEqual({ exitCode: 0, output: 'maintenance on until 2026-11-21T12:00:00Z' });
    expect(await systemStatus()).toMatchObject({ status: 1, maintenanceEnd: '2026-11-21T12:00:00Z' });
    expect((await t.call({ method: 'GET', url: '/wps/promotions' })).status).toBe(503);
    expect(await lastAudit()).toMatchObject({
      actor: ACTOR,
      command: 'maintenance on',
      detail: { endTime: '2026-11-21T12:00:00Z' },
    });

    expect(await run('maintenance', 'off')).toEqual({ exitCode: 0, output: 'maintenance off' });
    expect(await systemStatus()).toMatchObject({ status: 0, maintenanceEnd: null });
    expect((await t.call({ method: 'GET', url: '/wps/promotions' })).status).toBe(200);
  });

  it.each([
    ['not a date', 'tomorrow', 'ISO 8601'],
    ['a date without offset', '2026-11-21T12:00:00', 'ISO 8601'],
    ['a past date', '2026-11-20T12:00:00Z', 'already past'],
  ])('refuses an end time that is %s and changes nothing', async (_, until, message) => {
    const result = await run('maintenance', 'on', '--until', until);
    expect(result.exitCode).toBe(2);
    expect(result.output).toContain(message);
    expect(await systemStatus()).toMatchObject({ status: 0 });
  });

  it('blocks and unblocks countries and IP ranges', async () => {
    expect(await run('region', 'block-country', 'us')).toMatchObject({
      exitCode: 0,
      output: 'US blocked; blocked countries: US',
    });
    expect(await run('region', 'block-country', 'US')).toMatchObject({
      exitCode: 0,
      output: 'US is already blocked; nothing changed',
    });
    expect(await run('region', 'block-ip', '127.0.0.0/8')).toMatchObject({ exitCode: 0 });
    expect(await systemStatus()).toMatchObject({ status: 2, location: { ip: '127.0.0.1' } });
    const list = await run('region', 'list');
    expect(list.output).toContain('blocked countries: US');
    expect(list.output).toContain('blocked IP ranges: 127.0.0.0/8');
    expect(list.output).toContain('TRUSTED_PROXIES is empty');
    expect(await run('region', 'unblock-ip', '127.0.0.0/8')).toMatchObject({ exitCode: 0 });
    expect(await run('region', 'unblock-country', 'US')).toMatchObject({ exitCode: 0 });
    expect(await t.services.settings.get('system.regionRestriction')).toEqual({
      blockedCountries: [],
      blockedIpRanges: [],
    });
    expect(await lastAudit()).toMatchObject({ command: 'region unblock-country', detail: { country: 'US' } });
  });

  it.each([
    [['region', 'block-country', 'USA'], 'two-letter'],
    [['region', 'block-ip', '10.0.0.0/33'], 'not an IP address or CIDR range'],
    [['region', 'block-ip', 'example.com'], 'not an IP address or CIDR range'],
  ])('refuses %j and changes nothing', async (args, message) => {
    const before = await auditCount();
    const result = await run(...args);
    expect(result.exitCode).toBe(2);
    expect(result.output).toContain(message);
    expect(await t.services.settings.get('system.regionRestriction')).toEqual({
      blockedCountries: [],
      blockedIpRanges: [],
    });
    expect(await auditCount()).toBe(before);
  });
});

describe('content', () => {
  it('adds, lists and removes banners, visible through the site', async () => {
    const added = await run(
      'content',
      'banners',
      'add',
      '--group',
      'w_fish',
      '--image',
      '/demo/banner-fish-1.svg',
      '--title-bn',
      'বড় পুরস্কার',
      '--title-en',
      'Big prize',
      '--linkage-type',
      'ROUTE',
      '--linkage',
      '/fish',
      '--order',
      '3',
    );
    expect(added.exitCode).toBe(0);
    const id = idIn(added.output, 'bnr');
    expect(id).not.toBe('');
    const { body } = await t.call<Banner[]>({
      method: 'GET',
      url: '/wps/content/banners?groupName=w_fish&language=en',
    });
    expect(body).toEqual({
      success: true,
      value: [
        {
          bannerId: id,
          groupName: 'w_fish',
          url: '/demo/banner-fish-1.svg',
          title: 'Big prize',
          linkageType: 'ROUTE',
          linkage: '/fish',
          subtitle: null,
          action: null,
          image: null,
        },
      ],
    });
    expect((await run('content', 'banners', 'list', '--group', 'w_fish')).output).toContain(id);
    expect(await lastAudit()).toMatchObject({
      actor: ACTOR,
      command: 'content banners add',
      detail: { id, groupName: 'w_fish' },
    });

    expect(await run('content', 'banners', 'remove', id)).toEqual({ exitCode: 0, output: `${id} removed` });
    expect(
      (await t.call<Banner[]>({ method: 'GET', url: '/wps/content/banners?groupName=w_fish' })).body,
    ).toEqual({ success: true, value: [] });
    expect(await run('content', 'banners', 'remove', id)).toMatchObject({
      exitCode: 1,
      output: expect.stringContaining('NOT_FOUND'),
    });
  });

  it.each([
    [['--group', 'w_nowhere'], '--group'],
    [['--group', 'w_home', '--linkage-type', 'URL', '--linkage', 'not a url'], '--linkage'],
    [['--group', 'w_home', '--linkage-type', 'SOMETIMES'], '--linkage-type'],
    [['--group', 'w_home', '--image', 'javascript:alert(1)'], '--image'],
  ])('refuses a banner with %j, naming the flag, and adds nothing', async (flags, flag) => {
    const base = { '--image': '/demo/x.svg', '--title-bn': 'শিরোনাম', '--title-en': 'Title' };
    const args = [...flags];
    for (const [name, value] of Object.entries(base)) if (!args.includes(name)) args.push(name, value);
    const before = await auditCount();
    const result = await run('content', 'banners', 'add', ...args);
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain(`  ${flag}`);
    expect((await run('content', 'banners', 'list')).output).toBe('(none)');
    expect(await auditCount()).toBe(before);
  });

  it('adds announcements with publication and expiry, and refuses bad dates', async () => {
    const text = [
      '--title-bn',
      'নোটিশ',
      '--title-en',
      'Notice',
      '--content-bn',
      'বিষয়',
      '--content-en',
      'Body',
    ];
    const added = await run(
      'content',
      'announcements',
      'add',
      '--type',
      'PU',
      ...text,
      '--published',
      '2026-11-21T07:00:00Z',
      '--expires',
      '2026-11-22T07:00:00Z',
    );
    expect(added.exitCode).toBe(0);
    const { body } = await t.call<Page<Announcement>>({
      method: 'GET',
      url: '/wps/announcements/v2?language=en',
    });
    expect(body).toMatchObject({
      success: true,
      value: {
        totalCount: 1,
        list: [{ type: 'PU', title: 'Notice', timestamp: '2026-11-21T07:00:00.000Z' }],
      },
    });

    for (const [flags, flag] of [
      [['--type', 'ZZ'], '--type'],
      [['--type', 'B', '--published', 'yesterday'], '--published'],
      [
        ['--type', 'B', '--published', '2026-11-21T07:00:00Z', '--expires', '2026-11-20T07:00:00Z'],
        '--expires',
      ],
      [['--type', 'B', '--execution', 'Q'], '--execution'],
    ] as const) {
      const result = await run('content', 'announcements', 'add', ...flags, ...text);
      expect({ flags, exitCode: result.exitCode }).toEqual({ flags, exitCode: 1 });
      expect(result.output).toContain(flag);
    }
    expect((await run('content', 'announcements', 'list')).output.split('\n')).toHaveLength(2);
    const id = idIn(added.output, 'ann');
    expect(await run('content', 'announcements', 'remove', id)).toMatchObject({ exitCode: 0 });
  });

  it('adds and removes promotions', async () => {
    const args = [
      '--category',
      'new_player',
      '--image',
      '/demo/promo-welcome.svg',
      '--title-bn',
      'স্বাগতম',
      '--title-en',
      'Welcome',
      '--summary-bn',
      'সারাংশ',
      '--summary-en',
      'Summary',
      '--content-bn',
      'বিস্তারিত',
      '--content-en',
      'Details',
      '--ends',
      '2026-12-31T00:00:00Z',
    ];
    const added = await run('content', 'promotions', 'add', ...args);
    expect(added.exitCode).toBe(0);
    const id = idIn(added.output, 'promo');
    const { body } = await t.call<Promotion[]>({
      method: 'GET',
      url: '/wps/promotions?category=new_player&language=en',
    });
    expect(body).toMatchObject({
      success: true,
      value: [{ id, title: 'Welcome', endsAt: '2026-12-31T00:00:00.000Z' }],
    });
    expect((await run('content', 'promotions', 'list')).output).toContain(id);

    const bad = await run(
      'content',
      'promotions',
      'add',
      ...args.map((arg) => (arg === 'new_player' ? 'jackpot' : arg)),
    );
    expect(bad.exitCode).toBe(1);
    expect(bad.output).toContain('--category');

    expect(await run('content', 'promotions', 'remove', id)).toMatchObject({ exitCode: 0 });
    expect((await t.call({ method: 'GET', url: `/wps/promotions/${id}` })).status).toBe(404);
  });

  it('builds the help centre from sections and articles', async () => {
    const section = idIn(
      (await run('content', 'help', 'sections', 'add', '--title-bn', 'অ্যাকাউন্ট', '--title-en', 'Account'))
        .output,
      'hs',
    );
    expect(section).not.toBe('');
    const article = await run(
      'content',
      'help',
      'articles',
      'add',
      '--section',
      section,
      '--title-bn',
      'নিবন্ধন',
      '--title-en',
      'Register',
      '--content-bn',
      'ধাপগুলো',
      '--content-en',
      'The steps',
    );
    expect(article.exitCode).toBe(0);
    const missing = await run(
      'content',
      'help',
      'articles',
      'add',
      '--section',
      'hs_doesnotexist',
      '--title-bn',
      'ক',
      '--title-en',
      'x',
      '--content-bn',
      'ক',
      '--content-en',
      'x',
    );
    expect(missing).toMatchObject({ exitCode: 1, output: expect.stringContaining('NOT_FOUND') });

    const { body } = await t.call<HelpCenter>({ method: 'GET', url: '/wps/system/helpCenter?language=en' });
    expect(body).toMatchObject({
      success: true,
      value: {
        sections: [
          { id: section, title: 'Account', articles: [{ title: 'Register', content: 'The steps' }] },
        ],
      },
    });
    expect((await run('content', 'help', 'articles', 'list', '--section', section)).output).toContain(
      'Register',
    );

    expect(await run('content', 'help', 'sections', 'remove', section)).toMatchObject({ exitCode: 0 });
    expect((await t.call<HelpCenter>({ method: 'GET', url: '/wps/system/helpCenter' })).body).toEqual({
      success: true,
      value: { sections: [] },
    });
    expect((await run('content', 'help', 'articles', 'list')).output).toBe('(none)');
  });
});

describe('vendors', () => {
  it('adds, lists and removes vendors; an esports vendor filed under SPORTS shows under ESPORTS', async () => {
    // Our own games (INHOUSE, migration 0018) are on every database; this test reads a lobby of its own.
    await t.services.game.removeVendor('INHOUSE');
    expect(
      await run(
        'vendors',
        'add',
        '--vassalage',
        'TF',
        '--category',
        'sports',
        '--title',
        'TF Gaming',
        '--hot',
      ),
    ).toEqual({
      exitCode: 0,
      output: 'vendor TF added to SPORTS',
    });
    expect(
      await run(
        'vendors',
        'add',
        '--vassalage',
        'PG',
        '--category',
        'RNG',
        '--title',
        'PG Soft',
        '--icon',
        '/demo/vendor-pg.svg',
      ),
    ).toMatchObject({ exitCode: 0 });
    const { body } = await t.call<VendorList>({ method: 'GET', url: '/wps/game/vendors' });
    expect(body).toMatchObject({
      success: true,
      value: {
        categories: [
          { gameCategory: 'RNG', vendors: [{ vassalage: 'PG' }] },
          { gameCategory: 'ESPORTS', vendors: [{ vassalage: 'TF', isHot: true }] },
        ],
      },
    });
    const list = await run('vendors', 'list');
    expect(list.output).toMatch(/TF\s+SPORTS\s+ESPORTS/);

    expect(
      await run('vendors', 'add', '--vassalage', 'TF', '--category', 'SPORTS', '--title', 'Again'),
    ).toMatchObject({
      exitCode: 1,
      output: expect.stringContaining('CONFLICT'),
    });
    expect(
      await run('vendors', 'add', '--vassalage', 'XX', '--category', 'POKER', '--title', 'X'),
    ).toMatchObject({
      exitCode: 1,
      output: expect.stringContaining('--category'),
    });
    expect(
      await run('vendors', 'add', '--vassalage', 'bad code', '--category', 'RNG', '--title', 'X'),
    ).toMatchObject({
      exitCode: 1,
      output: expect.stringContaining('--vassalage'),
    });
    expect(await run('vendors', 'remove', 'TF')).toMatchObject({ exitCode: 0 });
    expect(await run('vendors', 'remove', 'PG')).toMatchObject({ exitCode: 0 });
    expect((await t.call({ method: 'GET', url: '/wps/game/vendors' })).body).toEqual({
      success: true,
      value: { categories: [] },
    });
  });
});

describe('POST /internal/operator', () => {
  const post = (args: string[], headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.call<{ exitCode: number; output: string }>({
      method: 'POST',
      url: '/internal/operator',
      payload: { args },
      headers: { 'x-operator-secret': OPERATOR_SECRET, 'x-operator-actor': 'cli:route-tester', ...headers },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('runs a command from loopback with the secret, even during maintenance', async () => {
    const on = await post(['maintenance', 'on']);
    expect(on).toEqual({
      status: 200,
      body: { success: true, value: { exitCode: 0, output: 'maintenance on (no end time shown)' } },
    });
    expect(await systemStatus()).toMatchObject({ status: 1 });
    expect(await lastAudit()).toMatchObject({ actor: 'cli:route-tester', command: 'maintenance on' });

    const off = await post(['maintenance', 'off']);
    expect(off.body).toMatchObject({ success: true, value: { exitCode: 0 } });
    expect(await systemStatus()).toMatchObject({ status: 0 });
  });

  it('answers a refused command with its exit code', async () => {
    const { status, body } = await post(['settings', 'set', 'register.minimumAge', '"old"']);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, value: { exitCode: 1 } });
    expect(await t.services.settings.get('register.minimumAge')).toBe(18);
  });

  it.each([
    ['a wrong secret', { 'x-operator-secret': 'guess' }, undefined],
    ['no secret', { 'x-operator-secret': '' }, undefined],
    ['the right secret from another machine', {}, '203.0.113.9'],
    [
      'the right secret from another machine, claiming loopback',
      { 'x-forwarded-for': '127.0.0.1' },
      '203.0.113.9',
    ],
  ])('refuses %s with 403 and runs nothing', async (_, headers, remoteAddress) => {
    const before = await auditCount();
    const { status, body } = await post(['maintenance', 'on'], headers, remoteAddress);
    expect(status).toBe(403);
    expect(body).toEqual({ success: false, code: 'FORBIDDEN', message: 'errors.FORBIDDEN' });
    expect(await systemStatus()).toMatchObject({ status: 0 });
    expect(await auditCount()).toBe(before);
  });

  it('accepts the IPv6 loopback', async () => {
    expect((await post(['settings', 'get', 'site.name'], {}, '::1')).status).toBe(200);
  });

  it('refuses a malformed body with 400', async () => {
    const { status, body } = await t.call({
      method: 'POST',
      url: '/internal/operator',
      payload: { args: 'maintenance on' },
      headers: { 'x-operator-secret': OPERATOR_SECRET },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});
