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
  private reading: Promise<Settings> | null = null;
  /** bumped by every write through this service */
  private version = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** how long values read from the database are reused (SETTINGS_CACHE_MS); sessions use it too */
    readonly cacheMs: number,
  ) {}

  async all(): Promise<Settings> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < this.cacheMs) return this.cached.settings;
    // One read when the window ends, however many requests arrive meanwhile: on the embedded
    // database's single connection a read per request would queue behind each other.
    if (this.reading) return this.reading;
    const reading = this.read(now).finally(() => {
      if (this.reading === reading) this.reading = null;
    });
    this.reading = reading;
    return reading;
  }

  private async read(at: number): Promise<Settings> {
    const version = this.version;
    const rows = await settingsRepository.all(this.db);
    const settings: Settings = { ...defaultSettings };
    for (const row of rows) {
      if (!isSettingKey(row.key)) continue;
      // A stored value that no longer fits its schema (an older version wrote it) falls back to the default.
      const parsed = settingDefinitions[row.key].safeParse(row.value);
      if (parsed.success) (settings as Record<SettingKey, unknown>)[row.key] = parsed.data;
    }
    // A write meanwhile makes this read stale: answer it to who asked, but keep it for nobody else.
    if (this.cacheMs > 0 && version === this.version) this.cached = { settings, at };
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
    this.forgetCached();
  }

  private forgetCached(): void {
    this.version += 1;
    this.cached = null;
    this.reading = null;
  }

  /** Back to the default. */
  async reset(key: string): Promise<void> {
    if (!isSettingKey(key)) throw new AppError('VALIDATION_FAILED', `unknown setting ${key}`);
    await settingsRepository.remove(this.db, key);
    this.forgetCached();
  }
}
