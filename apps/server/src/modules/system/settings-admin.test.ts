import { settingKeys } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/database-digest.js';
import { createAdmin, type TestAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** Settings in the back office (issue 27): a form per setting from its schema, each change audited. */

interface Setting {
  key: string;
  group: string;
  value: unknown;
  defaultValue: unknown;
  isDefault: boolean;
  schema: { type?: string; minimum?: number; maximum?: number };
}

let t: TestApp;
let owner: TestAdmin;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAdmin(t, 'owner');
}, 60_000);
afterAll(() => t.close());

const put = (key: string, payload: object, headers = owner.headers) =>
  t.call<Setting>({ method: 'PUT', url: `/wps/admin/settings/${key}`, payload, headers });

describe('settings in the back office', () => {
  it('lists every setting with its value, default and the schema its form is made from', async () => {
    const response = await t.call<Setting[]>({
      method: 'GET',
      url: '/wps/admin/settings',
      headers: owner.headers,
    });
    if (!response.body.success) throw new Error(response.body.code);
    const settings = response.body.value;
    expect(settings.map((setting) => setting.key)).toEqual(settingKeys);
    expect(settings.find((setting) => setting.key === 'staff.sessionIdleMinutes')).toMatchObject({
      group: 'staff',
      value: 30,
      defaultValue: 30,
      isDefault: true,
      schema: { type: 'integer', minimum: 5, maximum: 480 },
    });
  });

  it('changes a setting with a reason: the new value holds, the audit keeps before, after and reason', async () => {
    const changed = await put('staff.sessionIdleMinutes', { value: 45, reason: 'longer review shifts' });
    expect(changed.body).toMatchObject({ success: true, value: { value: 45, isDefault: false } });
    expect(await t.services.settings.get('staff.sessionIdleMinutes')).toBe(45);
    // The operator tool's change lands in the same history.
    const cli = await t.services.operator.run(
      ['settings', 'set', 'staff.sessionIdleMinutes', '50'],
      'cli:ops',
    );
    expect(cli.exitCode, cli.output).toBe(0);
    const history = await t.call<{
      items: { actor: string; before: unknown; after: unknown; reason: string | null }[];
    }>({
      method: 'GET',
      url: '/wps/admin/settings/staff.sessionIdleMinutes/history',
      headers: owner.headers,
    });
    expect(history.body).toMatchObject({
      success: true,
      value: {
        totalCount: 2,
        items: [
          { actor: 'cli:ops', before: 45, after: 50, reason: null },
          { actor: `admin:${owner.username}`, before: 30, after: 45, reason: 'longer review shifts' },
        ],
      },
    });
    // A setting with a similar name does not share the history.
    const other = await t.call<{ totalCount: number }>({
      method: 'GET',
      url: '/wps/admin/settings/auth.sessionIdleMinutes/history',
      headers: owner.headers,
    });
    expect(other.body).toMatchObject({ success: true, value: { totalCount: 0 } });

    const reset = await t.call<Setting>({
      method: 'POST',
      url: '/wps/admin/settings/staff.sessionIdleMinutes/reset',
      payload: { reason: 'back to the default' },
      headers: owner.headers,
    });
    expect(reset.body).toMatchObject({ success: true, value: { value: 30, isDefault: true } });
  });

  it('refuses a bad value naming the field, an unknown setting and a missing reason, and changes nothing', async () => {
    const before = await databaseDigest(t);
    const tooSmall = await put('staff.sessionIdleMinutes', { value: 1, reason: 'too short' });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'staff.sessionIdleMinutes' }],
    });
    const nested = await put('staff.fourEyes', {
      value: { withdrawal: 'lots', adjustment: null, bonus: null },
      reason: 'typo',
    });
    expect(nested.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'staff.fourEyes.withdrawal' }],
    });
    expect((await put('staff.noSuchThing', { value: 1, reason: 'why' })).status).toBe(404);
    expect((await put('staff.sessionIdleMinutes', { value: 40 })).status).toBe(400);
    expect((await put('staff.sessionIdleMinutes', { value: 40, reason: ' ' })).status).toBe(400);
    expect((await put('bad key!', { value: 40, reason: 'x y' })).status).toBe(400);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('is for owners: other roles get 403 and change nothing', async () => {
    const support = await createAdmin(t, 'support');
    const before = await databaseDigest(t);
    expect(
      (await t.call({ method: 'GET', url: '/wps/admin/settings', headers: support.headers })).status,
    ).toBe(403);
    expect(
      (await put('staff.sessionIdleMinutes', { value: 60, reason: 'sneaky' }, support.headers)).status,
    ).toBe(403);
    expect(await databaseDigest(t)).toBe(before);
  });
});
