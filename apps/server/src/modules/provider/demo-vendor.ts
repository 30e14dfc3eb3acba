import { demoTransferStudio } from '../game/index.js';

/**
 * The demo game vendor's wallet terms as the provider seed registers them (the simulator,
 * apps/demo-vendor; its studios and games are the game module's demo-games.ts). Demo data only.
 */

/**
 * The signing secret of the simulator's wallet terms. Public (it is in the repository) and only ever
 * registered by the demo seed: it signs demo play and nothing else. The simulator's default is the same.
 */
export const DEMO_VENDOR_SECRET = 'demo-vendor-secret-NOT-FOR-REAL-MONEY-0123456789';

/** Where the simulator lists a PVP studio's rooms and seats (provider_vendor.rooms_url, ADR 024). */
export const demoRoomsUrl = (demoVendorUrl: string, vassalage: string): string =>
  `${demoVendorUrl}/v/${vassalage}/rooms`;

/** The simulator's launch URL for one studio, with every field our launch fills in. */
export const demoLaunchUrl = (demoVendorUrl: string, vassalage: string): string =>
  `${demoVendorUrl}/v/${vassalage}/play?token={token}&game={game}&language={language}&mode={mode}&lobby={lobby}`;

/** The transfer vendor's launch URL and wallet API at the simulator. */
export const demoTransferLaunchUrl = (demoVendorUrl: string): string =>
  `${demoVendorUrl}/t/${demoTransferStudio.vassalage}/play?token={token}&game={game}&language={language}&mode={mode}&lobby={lobby}`;
export const demoTransferApiUrl = (demoVendorUrl: string): string =>
  `${demoVendorUrl}/transfer-api/${demoTransferStudio.vassalage}`;
