import { newGameSchema, newVendorSchema } from '@platform/contract';
import {
  demoGameImage,
  demoGameStudios,
  demoTransferStudio,
  demoVendorIcon,
  demoVendors,
} from './demo-games.js';
import type { SeedContext } from '../../lib/module.js';
import { gameCatalogueRepository } from './game-catalogue.repository.js';
import { gameRowOf } from './game-catalogue.service.js';
import { gameRepository } from './game.repository.js';

/**
 * The demo's game vendors, in the lobby's order, and the games of the demo game vendor (the simulator
 * at DEMO_VENDOR_URL), which come first in their lobbies since they are the ones that play.
 */
export async function seedGameDemo({ tx }: SeedContext): Promise<void> {
  // The transfer-model studio (ADR 021) plays too: it comes after the seamless ones.
  for (const [index, studio] of [...demoGameStudios, demoTransferStudio].entries()) {
    const vendor = newVendorSchema.parse({
      vassalage: studio.vassalage,
      category: studio.category,
      title: studio.title,
      isHot: true,
      smallIcon: demoVendorIcon(studio),
      sortOrder: index - demoGameStudios.length,
    });
    await gameRepository.insertVendor(tx, { ...vendor, active: true });
    const games = studio.games.map((item, order) =>
      newGameSchema.parse({
        ...item,
        vassalage: studio.vassalage,
        imageUrl: demoGameImage(item.gameCode),
        // Each studio's first game is hot, every game is new: home shows both of its rows (ADR 023).
        isHot: order === 0,
        isNew: true,
        sortOrder: order,
      }),
    );
    await gameCatalogueRepository.upsert(tx, games.map(gameRowOf));
  }
  for (const [index, item] of demoVendors.entries()) {
    const vendor = newVendorSchema.parse({
      vassalage: item.vassalage,
      category: item.category,
      title: item.title,
      isHot: item.isHot,
      smallIcon: demoVendorIcon(item),
      sortOrder: index,
    });
    await gameRepository.insertVendor(tx, { ...vendor, active: true });
  }
}
