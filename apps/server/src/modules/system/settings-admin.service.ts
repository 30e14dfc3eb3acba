import { settingDefinitions, settingKeys, type AdminSetting, type SettingKey } from '@platform/contract';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import type { AuditService } from '../audit/index.js';
import type { AuthenticatedAdmin } from '../../lib/access.js';
import { defaultSettings } from './setting-defaults.js';
import type { SettingsService } from './settings.service.js';

/** Each setting's JSON Schema, made once: the back office generates the setting's form from it. */
const schemas = new Map<SettingKey, unknown>(
  settingKeys.map((key) => [
    key,
    // A refinement (an address check, say) has no JSON Schema form: it is left out of the schema and
    // still checked by the server when the value is saved.
    z.toJSONSchema(settingDefinitions[key], { unrepresentable: 'any', io: 'input' }),
  ]),
);

function known(key: string): SettingKey {
  if (!(settingKeys as readonly string[]).includes(key)) {
    throw new AppError('NOT_FOUND', `no setting named ${key}`);
  }
  return key as SettingKey;
}

/**
 * Settings as the back office changes them (issue 27): each with its default and schema, each change
 * audited with the before, the after and the reason, so a setting's history is read from the audit.
 */
export class SettingsAdminService {
  constructor(
    private readonly settings: SettingsService,
    private readonly audit: Pick<AuditService, 'record' | 'page'>,
  ) {}

  async list(): Promise<AdminSetting[]> {
    const all = await this.settings.all();
    return settingKeys.map((key) => this.entry(key, all[key]));
  }

  async update(
    admin: AuthenticatedAdmin,
    key: string,
    value: unknown,
    reason: string,
  ): Promise<AdminSetting> {
    const name = known(key);
    const before = await this.settings.get(name);
    await this.settings.set(name, value);
    const after = await this.settings.get(name);
    await this.audit.record({ admin }, 'settings set', { setting: name }, {}, { before, after, reason });
    return this.entry(name, after);
  }

  async reset(admin: AuthenticatedAdmin, key: string, reason: string): Promise<AdminSetting> {
    const name = known(key);
    const before = await this.settings.get(name);
    await this.settings.reset(name);
    const after = await this.settings.get(name);
    await this.audit.record({ admin }, 'settings reset', { setting: name }, {}, { before, after, reason });
    return this.entry(name, after);
  }

  /** Every change of the setting, newest first: from the back office and the operator tool alike. */
  async history(key: string, page: { pageNo: number; pageSize: number; order: 'asc' | 'desc' }) {
    const name = known(key);
    return this.audit.page({ actionPrefix: 'settings ', object: `"${name}"` }, page);
  }

  private entry(key: SettingKey, value: unknown): AdminSetting {
    const defaultValue = defaultSettings[key];
    return {
      key,
      group: key.split('.')[0] ?? key,
      value,
      defaultValue,
      isDefault: isDeepStrictEqual(value, defaultValue),
      schema: schemas.get(key),
    };
  }
}
