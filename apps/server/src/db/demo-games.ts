import type { GameCategory } from '@platform/contract';

/**
 * The demo game vendor (apps/demo-vendor, a separate simulator process): its studios, as our lobby
 * lists them, with the games it plays. Demo data only: the seed that registers it never runs in
 * production. A server test checks this list against the simulator's own.
 */

/** Where the simulator answers when nobody says otherwise (`npm run demo-vendor`). */
export const DEFAULT_DEMO_VENDOR_URL = 'http://localhost:8081';

/**
 * The signing secret of the simulator's wallet terms. Public (it is in the repository) and only ever
 * registered by the demo seed: it signs demo play and nothing else. The simulator's default is the same.
 */
export const DEMO_VENDOR_SECRET = 'demo-vendor-secret-NOT-FOR-REAL-MONEY-0123456789';

export interface DemoGameStudio {
  vassalage: string;
  category: GameCategory;
  title: string;
  games: {
    gameCode: string;
    gameName: string;
    gameClassify: string;
    minBet: string;
    minLineNum: number | null;
  }[];
}

export const demoGameStudios: readonly DemoGameStudio[] = [
  {
    vassalage: 'DEMO_RNG',
    category: 'RNG',
    title: 'Demo Slots (simulator)',
    games: [
      {
        gameCode: 'mango-grove',
        gameName: 'Mango Grove (demo)',
        gameClassify: 'SLOT',
        minBet: '1.00',
        minLineNum: 5,
      },
      {
        gameCode: 'river-lanterns',
        gameName: 'River Lanterns (demo)',
        gameClassify: 'SLOT',
        minBet: '1.00',
        minLineNum: 10,
      },
    ],
  },
  {
    vassalage: 'DEMO_LIVE',
    category: 'LIVE',
    title: 'Demo Live Table (simulator)',
    games: [
      {
        gameCode: 'teak-roulette',
        gameName: 'Teak Table Roulette (demo)',
        gameClassify: 'ROULETTE',
        minBet: '5.00',
        minLineNum: null,
      },
    ],
  },
  {
    vassalage: 'DEMO_FISH',
    category: 'FISH',
    title: 'Demo Fishing (simulator)',
    games: [
      {
        gameCode: 'lotus-pond-hunt',
        gameName: 'Lotus Pond Hunt (demo)',
        gameClassify: 'FISH',
        minBet: '0.50',
        minLineNum: null,
      },
    ],
  },
  {
    vassalage: 'DEMO_SPORTS',
    category: 'SPORTS',
    title: 'Demo Sportsbook (simulator)',
    games: [
      {
        gameCode: 'village-league',
        gameName: 'Village League football (demo)',
        gameClassify: 'SPORTS',
        minBet: '10.00',
        minLineNum: null,
      },
    ],
  },
  {
    vassalage: 'DEMO_PVP',
    category: 'PVP',
    title: 'Demo Card Rooms (simulator)',
    games: [
      {
        gameCode: 'three-lamps-showdown',
        gameName: 'Three Lamps Showdown (demo)',
        gameClassify: 'CARD',
        minBet: '10.00',
        minLineNum: null,
      },
    ],
  },
  {
    // Filed under SPORTS as its vendor runs it; the demo seed lists it in site.esportsVendors.
    vassalage: 'DEMO_ESPORTS',
    category: 'SPORTS',
    title: 'Demo Esports (simulator)',
    games: [
      {
        gameCode: 'pixel-arena-cup',
        gameName: 'Pixel Arena Cup esports (demo)',
        gameClassify: 'ESPORTS',
        minBet: '10.00',
        minLineNum: null,
      },
    ],
  },
];

/** The demo's esports vendor: the seed adds it to the site's esports list, so it shows under ESPORTS. */
export const DEMO_ESPORTS_VENDOR = 'DEMO_ESPORTS';

/** Where the simulator lists a PVP studio's rooms and seats (provider_vendor.rooms_url, ADR 024). */
export const demoRoomsUrl = (demoVendorUrl: string, vassalage: string): string =>
  `${demoVendorUrl}/v/${vassalage}/rooms`;

/** The simulator's launch URL for one studio, with every field our launch fills in. */
export const demoLaunchUrl = (demoVendorUrl: string, vassalage: string): string =>
  `${demoVendorUrl}/v/${vassalage}/play?token={token}&game={game}&language={language}&mode={mode}&lobby={lobby}`;

/**
 * Each game's artwork, as an operator copies a vendor's art to its own image CDN: a path the lobby
 * resolves against site.imageCDNs (the site itself in the demo). The files are the simulator's own
 * drawings (apps/demo-vendor/src/art.ts); a test checks they are the same.
 */
export const demoGameImage = (gameCode: string): string => `/demo/games/${gameCode}.svg`;

/**
 * The simulator's vendor on the transfer model (ADR 021; apps/demo-vendor/src/transfer-vendor.ts): it
 * keeps its own wallet, which members fill from "my wallet" (or automatically when its game opens).
 * Registered by the provider seed with wallet model 'transfer'; its game is in the RNG lobby.
 */
export const demoTransferStudio: DemoGameStudio = {
  vassalage: 'DEMO_XFER',
  category: 'RNG',
  title: 'Demo Transfer Wallet (simulator)',
  games: [
    {
      gameCode: 'tea-garden-reels',
      gameName: 'Tea Garden Reels (demo)',
      gameClassify: 'SLOT',
      minBet: '1.00',
      minLineNum: 5,
    },
  ],
};

/** The transfer vendor's launch URL and wallet API at the simulator. */
export const demoTransferLaunchUrl = (demoVendorUrl: string): string =>
  `${demoVendorUrl}/t/${demoTransferStudio.vassalage}/play?token={token}&game={game}&language={language}&mode={mode}&lobby={lobby}`;
export const demoTransferApiUrl = (demoVendorUrl: string): string =>
  `${demoVendorUrl}/transfer-api/${demoTransferStudio.vassalage}`;
