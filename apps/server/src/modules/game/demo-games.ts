import type { GameCategory } from '@platform/contract';

/**
 * The demo game vendor (apps/demo-vendor, a separate simulator process): its studios, as our lobby
 * lists them, with the games it plays, and the demo's other lobby vendors. Demo data only: the seeds
 * that register them never run in production. A server test checks this list against the simulator's
 * own. Its wallet terms (secret, launch and rooms URLs) are the provider module's (demo-vendor.ts).
 */

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

export interface DemoVendor {
  vassalage: string;
  category: GameCategory;
  title: string;
  isHot: boolean;
  colors: [string, string];
}

/**
 * The lottery categories' vendors (their games are the lottery pages', not a game grid). Every other
 * lobby vendor of the demo is a studio of the demo game vendor (above), which has games that
 * play; the older real-brand placeholders without games are gone (ADR 024). TCG_SEA is the code SPEC
 * section 2 names for the lottery entry; its title is the demo's own.
 */
export const demoVendors: DemoVendor[] = [
  {
    vassalage: 'DEMO_LOTTO',
    category: 'ELOTT',
    title: 'Demo Lotto (simulator)',
    isHot: true,
    colors: ['#f12711', '#f5af19'],
  },
  {
    vassalage: 'TCG_SEA',
    category: 'LOTT',
    title: 'Demo SEA Lottery (simulator)',
    isHot: false,
    colors: ['#c31432', '#240b36'],
  },
];
export const demoVendorIcon = (vendor: Pick<DemoVendor, 'vassalage'>): string =>
  `/demo/vendor-${vendor.vassalage.toLowerCase().replaceAll('_', '-')}.svg`;
