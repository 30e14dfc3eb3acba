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

  /** Each active vendor's lobby category (esports split out of SPORTS), in the left bar's order. */
  async lobbyCategories(): Promise<Map<string, GameCategory>> {
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
    if (!(await gameRepository.insertVendor(this.deps.db, row))) {
      throw new AppError('CONFLICT', `vendor ${vendor.vassalage} exists already`);
    }
    return row;
  }

  async removeVendor(vassalage: string): Promise<void> {
    if (!(await gameRepository.deleteVendor(this.deps.db, vassalage))) throw notFound(`vendor ${vassalage}`);
  }
}
