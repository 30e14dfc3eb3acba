import { DEMO_VENDOR_SECRET, demoGameStudios, demoLaunchUrl } from '../../db/demo-games.js';
import type { SeedContext } from '../../lib/module.js';
import { providerRepository } from './provider.repository.js';

/**
 * The demo game vendor's seamless-wallet terms: the demo-only secret, demo money allowed, open rounds
 * refunded after an hour, games opened at the simulator's address (DEMO_VENDOR_URL). The game module's
 * seed has added these vendors to the lobby first.
 */
export async function seedProviderDemo({ tx, now, demoVendorUrl }: SeedContext): Promise<void> {
  for (const studio of demoGameStudios) {
    await providerRepository.insertVendor(tx, {
      vendorCode: studio.vassalage,
      walletModel: 'seamless',
      currency: 'BDT',
      signingSecret: DEMO_VENDOR_SECRET,
      allowDemo: true,
      roundTimeoutSeconds: 3600,
      roundTimeoutRule: 'refund',
      launchUrl: demoLaunchUrl(demoVendorUrl, studio.vassalage),
      active: true,
      createdAt: now,
    });
  }
}
