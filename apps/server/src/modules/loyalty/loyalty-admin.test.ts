import type { AdminMallItem, MallItem } from '@platform/contract';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyRank, mallItem, operatorAudit } from '../../db/schema.js';
import { createAdmin, createMember, type TestAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let owner: TestAdmin;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createAdmin(t, 'owner');
});
afterAll(() => t.close());

const send = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = owner.headers) =>
  t.call<T>({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const ITEMS = '/wps/admin/points/mall/items';
const newItem = {
  kind: 'bonus',
  name: { bn: 'বোনাস ৫০', en: 'Bonus 50' },
  description: { bn: 'বোনাস অ্যাকাউন্টে ৫০', en: '50 to the bonus account' },
  points: 500,
  bonus: '50',
  stock: 10,
  perMemberLimit: 2,
};
/** Everything an admin call may change: the items, the ranks and the audit. */
const snapshot = async () => ({
  items: await t.handle.db.select().from(mallItem).orderBy(mallItem.id),
  ranks: await t.handle.db.select().from(loyaltyRank).orderBy(loyaltyRank.level),
  audit: (await t.handle.db.select({ n: count() }).from(operatorAudit))[0]?.n ?? 0,
});
const lastAudit = async () =>
  (await t.handle.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1))[0];

describe('admin calls of the point mall', () => {
  it('creates, edits, disables, enables and restocks an item, each audited', async () => {
    const created = await send<AdminMallItem>('POST', ITEMS, newItem);
    expect(created.status).toBe(200);
    if (!created.body.success) throw new Error('create failed');
    const item = created.body.value;
    expect(item).toMatchObject({ kind: 'bonus', points: 500, bonus: '50.00', stock: 10, active: true });
    expect(await lastAudit()).toMatchObject({ actor: `admin:${owner.username}`, command: 'mall add' });

    const edited = await send<AdminMallItem>('PUT', `${ITEMS}/${item.id}`, {
      name: { bn: 'বোনাস ৬০', en: 'Bonus 60' },
      points: 600,
      bonus: '60',
    });
    expect(edited.body).toMatchObject({
      success: true,
      value: { name: { en: 'Bonus 60' }, points: 600, bonus: '60.00', perMemberLimit: 2 },
    });
    expect(await lastAudit()).toMatchObject({ command: 'mall edit' });

    const member = await createMember(t);
    const mall = async () =>
      (await t.call<MallItem[]>({ method: 'GET', url: '/wps/points/mall', headers: member.auth })).body;
    expect(await mall()).toMatchObject({ success: true, value: [{ id: item.id }] });
    expect((await send('POST', `${ITEMS}/${item.id}/active`, { active: false })).status).toBe(200);
    expect(await lastAudit()).toMatchObject({ command: 'mall disable' });
    expect(await mall()).toMatchObject({ success: true, value: [] });
    expect((await send('POST', `${ITEMS}/${item.id}/active`, { active: true })).status).toBe(200);
    expect(await lastAudit()).toMatchObject({ command: 'mall enable' });

    const stocked = await send<AdminMallItem>('POST', `${ITEMS}/${item.id}/stock`, { stock: 3 });
    expect(stocked.body).toMatchObject({ success: true, value: { stock: 3, active: true } });
    expect(await lastAudit()).toMatchObject({ command: 'mall stock' });
    expect((await send<AdminMallItem[]>('GET', ITEMS)).body).toMatchObject({
      success: true,
      value: [{ id: item.id, stock: 3, points: 600 }],
    });
  });

  it('refuses each bad input with its field, and the wrong callers, changing nothing', async () => {
    const physical = await send<AdminMallItem>('POST', ITEMS, { ...newItem, kind: 'physical', bonus: null });
    if (!physical.body.success) throw new Error('create failed');
    const id = physical.body.value.id;
    const support = await createAdmin(t, 'support');
    const cashier = await createAdmin(t, 'finance');
    const before = await snapshot();
    const refusals: [string, 'POST' | 'PUT', string, unknown, string][] = [
      ['kind', 'POST', ITEMS, { ...newItem, kind: 'voucher' }, 'kind'],
      ['bonus item without bonus', 'POST', ITEMS, { ...newItem, bonus: null }, 'bonus'],
      ['physical item with bonus', 'POST', ITEMS, { ...newItem, kind: 'physical' }, 'bonus'],
      ['zero points', 'POST', ITEMS, { ...newItem, points: 0 }, 'points'],
      ['fractional points', 'POST', ITEMS, { ...newItem, points: 1.5 }, 'points'],
      ['negative stock', 'POST', ITEMS, { ...newItem, stock: -1 }, 'stock'],
      ['zero limit', 'POST', ITEMS, { ...newItem, perMemberLimit: 0 }, 'perMemberLimit'],
      ['bonus 0', 'POST', ITEMS, { ...newItem, bonus: '0' }, 'bonus'],
      ['bonus with 3 decimals', 'POST', ITEMS, { ...newItem, bonus: '1.001' }, 'bonus'],
      ['name without bn', 'POST', ITEMS, { ...newItem, name: { en: 'x' } }, 'name'],
      ['blank name', 'POST', ITEMS, { ...newItem, name: { bn: ' ', en: 'x' } }, 'name'],
      ['image not a url', 'POST', ITEMS, { ...newItem, imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      ['empty edit', 'PUT', `${ITEMS}/${id}`, {}, 'nothing to change'],
      ['edit: bonus on a physical item', 'PUT', `${ITEMS}/${id}`, { bonus: '5' }, 'bonus'],
      ['edit: zero points', 'PUT', `${ITEMS}/${id}`, { points: 0 }, 'points'],
      ['active not a boolean', 'POST', `${ITEMS}/${id}/active`, { active: 'no' }, 'active'],
      ['stock negative', 'POST', `${ITEMS}/${id}/stock`, { stock: -2 }, 'stock'],
      ['stock text', 'POST', `${ITEMS}/${id}/stock`, { stock: '5' }, 'stock'],
      ['bad item id', 'POST', `${ITEMS}/nope/stock`, { stock: 5 }, 'id'],
    ];
    for (const [what, method, url, payload, field] of refusals) {
      const answer = await send(method, url, payload);
      expect(answer.status, what).toBe(400);
      expect(JSON.stringify(answer.body), what).toContain(field);
    }
    expect((await send('POST', `${ITEMS}/itm_000000000000/stock`, { stock: 5 })).status).toBe(404);
    expect((await send('POST', ITEMS, newItem, support.headers)).status).toBe(403);
    expect((await send('POST', `${ITEMS}/${id}/stock`, { stock: 1 }, cashier.headers)).status).toBe(403);
    expect((await send('POST', ITEMS, newItem, {})).status).toBe(401);
    expect((await send('GET', ITEMS, undefined, {})).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('the operator tool checks the same schema and audits through the same service', async () => {
    const run = (...args: string[]) => t.services.operator.run(args, 'cli:tester');
    const before = await snapshot();
    const base = ['mall', 'add', '--kind', 'physical', '--name-bn', 'ক', '--name-en', 'Cap'];
    const rest = ['--desc-bn', 'খ', '--desc-en', 'A cap', '--stock', '5', '--limit', '1'];
    const refused = await run(...base, ...rest, '--points', '0');
    expect(refused.exitCode).toBe(2);
    expect(refused.output).toContain('--points');
    expect((await run(...base, ...rest, '--points', '12x')).output).toContain('--points');
    expect((await run(...base, ...rest, '--points', '10', '--bonus', '5')).output).toContain('--bonus');
    expect(await snapshot()).toEqual(before);
    const added = await run(...base, ...rest, '--points', '10');
    expect(added.exitCode).toBe(0);
    const id = added.output.split(' ')[0] ?? '';
    expect(await lastAudit()).toMatchObject({ actor: 'cli:tester', command: 'mall add' });
    const afterAdd = await snapshot();
    expect((await run('mall', 'set', id, '--stock', '-1')).output).toContain('--stock');
    expect((await run('mall', 'set', id, '--limit', '0', '--active', 'no')).output).toContain('--limit');
    expect(await snapshot()).toEqual(afterAdd);
    expect((await run('mall', 'set', id, '--stock', '7', '--active', 'no')).exitCode).toBe(0);
    const [row] = await t.handle.db.select().from(mallItem).where(eq(mallItem.publicId, id));
    expect(row).toMatchObject({ stock: 7, active: false });
  });
});

describe('admin calls of the ranks', () => {
  const gold = {
    labelName: 'Gold',
    color: '#d4af37',
    color2: '#fff2b2',
    minDeposit: '2000',
    minValidBet: '20000',
    upgradeGift: '200',
    monthlyGift: '50',
  };

  it('creates and edits a rank, audited', async () => {
    const created = await send('PUT', '/wps/admin/ranks/3', gold);
    expect(created.body).toMatchObject({
      success: true,
      value: { rankLevel: 3, labelName: 'Gold', minDeposit: '2000.00', upgradeGift: '200.00' },
    });
    expect(await lastAudit()).toMatchObject({ actor: `admin:${owner.username}`, command: 'rank set' });
    const edited = await send('PUT', '/wps/admin/ranks/3', {
      ...gold,
      labelName: 'Gold Club',
      monthlyGift: '75',
    });
    expect(edited.body).toMatchObject({
      success: true,
      value: { labelName: 'Gold Club', monthlyGift: '75.00' },
    });
    expect((await send('GET', '/wps/admin/ranks')).body).toMatchObject({
      success: true,
      value: [{ rankLevel: 0 }, { rankLevel: 3, labelName: 'Gold Club' }],
    });
  });

  it('refuses each bad input with its field, and the wrong callers, changing nothing', async () => {
    const cashier = await createAdmin(t, 'finance');
    const before = await snapshot();
    for (const [url, payload, field] of [
      ['/wps/admin/ranks/21', gold, 'level'],
      ['/wps/admin/ranks/-1', gold, 'level'],
      ['/wps/admin/ranks/x', gold, 'level'],
      ['/wps/admin/ranks/2', { ...gold, color: 'red' }, 'color'],
      ['/wps/admin/ranks/2', { ...gold, color2: '#12345' }, 'color2'],
      ['/wps/admin/ranks/2', { ...gold, labelName: '<b>x</b>' }, 'labelName'],
      ['/wps/admin/ranks/2', { ...gold, labelName: '' }, 'labelName'],
      ['/wps/admin/ranks/2', { ...gold, minDeposit: '-5' }, 'minDeposit'],
      ['/wps/admin/ranks/2', { ...gold, minValidBet: 'lots' }, 'minValidBet'],
      ['/wps/admin/ranks/2', { ...gold, upgradeGift: '1.005' }, 'upgradeGift'],
      ['/wps/admin/ranks/2', { ...gold, monthlyGift: undefined }, 'monthlyGift'],
    ] as const) {
      const answer = await send('PUT', url, payload);
      expect(answer.status, `${url} ${field}`).toBe(400);
      expect(JSON.stringify(answer.body), field).toContain(field);
    }
    expect((await send('PUT', '/wps/admin/ranks/2', gold, cashier.headers)).status).toBe(403);
    expect((await send('PUT', '/wps/admin/ranks/2', gold, {})).status).toBe(401);
    const run = (...args: string[]) => t.services.operator.run(args, 'cli:tester');
    const cli = ['rank', 'set', '2', '--label', 'Silver', '--color', '#cccccc', '--color2', '#eeeeee'];
    const money = ['--min-valid-bet', '10', '--upgrade-gift', '1', '--monthly-gift', '1'];
    expect((await run(...cli, ...money, '--min-deposit', '-3')).output).toContain('--min-deposit');
    expect(
      (await run('rank', 'set', '25', ...cli.slice(3), ...money, '--min-deposit', '3')).output,
    ).toContain('LEVEL');
    expect(await snapshot()).toEqual(before);
  });
});
