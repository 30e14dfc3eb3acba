import { isSettingKey, settingDefinitions, type SettingKey, type Settings } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { defaultSettings } from './setting-defaults.js';
import { settingsRepository } from './settings.repository.js';

/**
 * The settings read through an open transaction. Embedded PGlite has a single connection, so
 * SettingsService (which reads through the pool) would wait forever for the transaction that is
 * waiting for it. Same rules as SettingsService.all: defaults, and a stored value that no longer fits
 * its schema falls back to its default.
 */
export async function settingsIn(tx: Executor): Promise<Settings> {
  const settings: Settings = { ...defaultSettings };
  for (const row of await settingsRepository.all(tx)) {
    if (!isSettingKey(row.key)) continue;
    const parsed = settingDefinitions[row.key].safeParse(row.value);
    if (parsed.success) (settings as Record<SettingKey, unknown>)[row.key] = parsed.data;
  }
  return settings;
}
