import { demoGameStudios, demoTransferStudio } from '../game/index.js';
import {
  DEMO_VENDOR_SECRET,
  demoLaunchUrl,
  demoRoomsUrl,
  demoTransferApiUrl,
  demoTransferLaunchUrl,
} from './demo-vendor.js';
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
      roomsUrl: studio.category === 'PVP' ? demoRoomsUrl(demoVendorUrl, studio.vassalage) : null,
      active: true,
      createdAt: now,
    });
  }
  // The transfer-model vendor keeps its own wallet (ADR 021): real money only, moved in automatically
  // when its game opens, so a member can play it straight from the lobby.
  await providerRepository.insertVendor(tx, {
    vendorCode: demoTransferStudio.vassalage,
    walletModel: 'transfer',
    currency: 'BDT',
    signingSecret: DEMO_VENDOR_SECRET,
    allowDemo: false,
    roundTimeoutSeconds: 3600,
    roundTimeoutRule: 'refund',
    launchUrl: demoTransferLaunchUrl(demoVendorUrl),
    transferApiUrl: demoTransferApiUrl(demoVendorUrl),
    autoTransferIn: true,
    active: true,
    createdAt: now,
  });
}
