import { newVendorSchema } from '@platform/contract';
import { demoVendorIcon, demoVendors } from '../../db/demo-content.js';
import type { SeedContext } from '../../lib/module.js';
import { gameRepository } from './game.repository.js';

/** The demo's game vendors, in the lobby's order. */
export async function seedGameDemo({ tx }: SeedContext): Promise<void> {
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
