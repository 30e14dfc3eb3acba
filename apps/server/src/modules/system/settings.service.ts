import {
  isSettingKey,
  settingDefinitions,
  type SettingKey,
  type Settings,
  type SettingValue,
} from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { defaultSettings } from './setting-defaults.js';
import { settingsRepository } from './settings.repository.js';

/**
 * Operator settings with their defaults filled in. Reads are cached for cacheMs because every call
 * checks maintenance; a write through this service is seen at once, a write by another process
 * within cacheMs.
 */
export class SettingsService {
  private cached: { settings: Settings; at: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** how long values read from the database are reused (SETTINGS_CACHE_MS); sessions use it too */
    readonly cacheMs: number,
  ) {}

  async all(): Promise<Settings> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < this.cacheMs) return this.cached.settings;
    const rows = await settingsRepository.all(this.db);
    const settings: Settings = { ...defaultSettings };
    for (const row of rows) {
      if (!isSettingKey(row.key)) continue;
      // A stored value that no longer fits its schema (an older version wrote it) falls back to the default.
      const parsed = settingDefinitions[row.key].safeParse(row.value);
      if (parsed.success) (settings as Record<SettingKey, unknown>)[row.key] = parsed.data;
    }
    this.cached = { settings, at: now };
    return settings;
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    return (await this.all())[key];
  }

  /** Validates against the contract's schema; an unknown key or a bad value changes nothing. */
  async set(key: string, value: unknown): Promise<void> {
    if (!isSettingKey(key)) throw new AppError('VALIDATION_FAILED', `unknown setting ${key}`);
    const parsed = settingDefinitions[key].safeParse(value);
    if (!parsed.success) {
      throw new AppError(
        'VALIDATION_FAILED',
        `invalid value for ${key}`,
        parsed.error.issues.map((issue) => ({
          path: [key, ...issue.path].join('.'),
          message: issue.message,
        })),
      );
    }
    await settingsRepository.upsert(this.db, key, parsed.data, this.clock.now());
    this.cached = null;
  }

  /** Back to the default. */
  async reset(key: string): Promise<void> {
    if (!isSettingKey(key)) throw new AppError('VALIDATION_FAILED', `unknown setting ${key}`);
    await settingsRepository.remove(this.db, key);
    this.cached = null;
  }
}
