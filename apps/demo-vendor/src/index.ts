/** What the platform's tests use of the demo vendor: its app, its wallet client and its games. */
export { gameThumbnail } from './art.js';
export { buildDemoVendorApp, type DemoVendorApp, type DemoVendorDeps } from './app.js';
export { demoStudios, findGame, type DemoGame, type DemoStudio } from './catalogue.js';
export { calmChaos, parseChaos, type ChaosSwitches } from './chaos.js';
export { DEMO_VENDOR_SECRET, loadDemoVendorConfig, type DemoVendorConfig } from './config.js';
export { signBody } from './signing.js';
export { WalletClient, type Transport, type WalletEvent, type WalletResult } from './wallet-client.js';
export { TransferWalletStore } from './transfer-wallet.js';
export { transferStudio } from './transfer-vendor.js';
