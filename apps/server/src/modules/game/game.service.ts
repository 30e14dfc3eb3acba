import {
  gameCategories,
  gameCategorySchema,
  newVendorSchema,
  type GameCategory,
  type NewVendor,
  type VendorCard,
  type VendorList,
} from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import type { SettingsService } from '../system/index.js';
import { gameRepository, type VendorRow } from './game.repository.js';

export class GameService {
  constructor(
    private readonly deps: AppDeps,
    private readonly settings: SettingsService,
  ) {}

  /**
   * Active vendors by lobby category, in the left bar's order; empty categories are left out so the
   * bar shows only what can be played. Esports providers are run as sports books by their vendors,
   * so the operator lists which SPORTS vendors are really esports (SPEC section 3).
   */
  async vendors(): Promise<VendorList> {
    const [rows, esportsVendors] = await Promise.all([
      gameRepository.activeVendors(this.deps.db),
      this.settings.get('site.esportsVendors'),
    ]);
    const esports = new Set(esportsVendors);
    const byCategory = new Map<GameCategory, VendorCard[]>();
    for (const row of rows) {
      const parsed = gameCategorySchema.safeParse(row.category);
      if (!parsed.success) continue;
      const category = parsed.data === 'SPORTS' && esports.has(row.vassalage) ? 'ESPORTS' : parsed.data;
      const cards = byCategory.get(category) ?? [];
      cards.push({
        vassalage: row.vassalage,
        title: row.title,
        isHot: row.isHot,
        smallIcon: row.smallIcon,
        gameClassify: row.gameClassify,
      });
      byCategory.set(category, cards);
    }
    return {
      categories: gameCategories.flatMap((gameCategory) => {
        const vendors = byCategory.get(gameCategory);
        return vendors ? [{ gameCategory, vendors }] : [];
      }),
    };
  }

  /** the last lobbyCategories answer and when it was read; every lobby call asks for it */
  private categoriesRead: { at: number; value: Promise<Map<string, GameCategory>> } | null = null;

  /**
   * Each active vendor's lobby category (esports split out of SPORTS), in the left bar's order. Read
   * once per SETTINGS_CACHE_MS window (one query for a burst of lobby calls); a vendor added or removed
   * on this server shows at once, one changed on another server within the window.
   */
  lobbyCategories(): Promise<Map<string, GameCategory>> {
    const now = this.deps.clock.now().getTime();
    const windowMs = this.deps.config.SETTINGS_CACHE_MS;
    if (windowMs > 0 && this.categoriesRead && now - this.categoriesRead.at < windowMs) {
      return this.categoriesRead.value;
    }
    const value = this.readLobbyCategories();
    // A failed read is not kept: the next call asks the database again.
    value.catch(() => {
      if (this.categoriesRead?.value === value) this.categoriesRead = null;
    });
    this.categoriesRead = windowMs > 0 ? { at: now, value } : null;
    return value;
  }

  private async readLobbyCategories(): Promise<Map<string, GameCategory>> {
    const [rows, esportsVendors] = await Promise.all([
      gameRepository.activeVendors(this.deps.db),
      this.settings.get('site.esportsVendors'),
    ]);
    const esports = new Set(esportsVendors);
    const categories = new Map<string, GameCategory>();
    for (const row of rows) {
      const parsed = gameCategorySchema.safeParse(row.category);
      if (!parsed.success) continue;
      categories.set(
        row.vassalage,
        parsed.data === 'SPORTS' && esports.has(row.vassalage) ? 'ESPORTS' : parsed.data,
      );
    }
    return categories;
  }

  // Operator side.

  listVendors(): Promise<VendorRow[]> {
    return gameRepository.allVendors(this.deps.db);
  }

  async addVendor(input: NewVendor | Record<string, unknown>): Promise<VendorRow> {
    const vendor = parseInput(newVendorSchema, input, 'vendor');
    const row: VendorRow = { ...vendor, active: true };
    const inserted = await gameRepository.insertVendor(this.deps.db, row);
    this.categoriesRead = null;
    if (!inserted) {
      throw new AppError('CONFLICT', `vendor ${vendor.vassalage} exists already`);
    }
    return row;
  }

  async removeVendor(vassalage: string): Promise<void> {
    const deleted = await gameRepository.deleteVendor(this.deps.db, vassalage);
    this.categoriesRead = null;
    if (!deleted) throw notFound(`vendor ${vassalage}`);
  }
}
