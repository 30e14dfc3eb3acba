/**
 * What the demo vendor offers, as a real vendor's game list would say it: its studios (each one vendor
 * code on our side, with its own signing terms) and their games. The server's demo seed imports the same
 * games into the catalogue (apps/server/src/modules/game/game.seed.ts); a server test checks that every
 * seeded game is one this process can play.
 */

import type { RoomSpec } from './showdown-room.js';

export type GameKind = 'slot' | 'roulette' | 'fish' | 'sports' | 'showdown';

export interface DemoGame {
  /** the vendor's own game code, as our catalogue stores it */
  code: string;
  kind: GameKind;
  name: { en: string; bn: string };
  /** the smallest stake, decimal major units */
  minBet: string;
  /** the stakes the page offers, decimal major units, smallest first */
  stakes: readonly string[];
  /** paylines (slots) */
  lines: number | null;
  /** the slot's reel layout */
  reels: number | null;
  rows: number | null;
  /** two colours of the game's artwork */
  colours: readonly [string, string];
  /** a sportsbook's fixtures: football, or esports matches */
  league?: 'football' | 'esports';
  /** a PVP game's rooms */
  rooms?: readonly RoomSpec[];
}

export interface DemoStudio {
  /** our vendor code (vassalage) */
  vendorCode: string;
  /** SPORTS vendors named in the site's esports list (site.esportsVendors) show under ESPORTS */
  category: 'RNG' | 'LIVE' | 'FISH' | 'SPORTS' | 'PVP';
  title: string;
  games: readonly DemoGame[];
}

const SLOT_STAKES = ['1.00', '2.00', '5.00', '10.00', '20.00'] as const;
const TABLE_STAKES = ['5.00', '10.00', '50.00', '100.00'] as const;
const SHOT_STAKES = ['0.50', '1.00', '2.00', '5.00'] as const;
const SLIP_STAKES = ['10.00', '20.00', '50.00', '100.00'] as const;

export const demoStudios: readonly DemoStudio[] = [
  {
    vendorCode: 'DEMO_RNG',
    category: 'RNG',
    title: 'Demo Slots (simulator)',
    games: [
      {
        code: 'mango-grove',
        kind: 'slot',
        name: { en: 'Mango Grove (demo)', bn: 'আমবাগান (ডেমো)' },
        minBet: '1.00',
        stakes: SLOT_STAKES,
        lines: 5,
        reels: 3,
        rows: 3,
        colours: ['#f7b733', '#2f7336'],
      },
      {
        code: 'river-lanterns',
        kind: 'slot',
        name: { en: 'River Lanterns (demo)', bn: 'নদীর লণ্ঠন (ডেমো)' },
        minBet: '1.00',
        stakes: SLOT_STAKES,
        lines: 10,
        reels: 5,
        rows: 3,
        colours: ['#ff7e5f', '#1d2b64'],
      },
    ],
  },
  {
    vendorCode: 'DEMO_LIVE',
    category: 'LIVE',
    title: 'Demo Live Table (simulator)',
    games: [
      {
        code: 'teak-roulette',
        kind: 'roulette',
        name: { en: 'Teak Table Roulette (demo)', bn: 'সেগুন টেবিল রুলেট (ডেমো)' },
        minBet: '5.00',
        stakes: TABLE_STAKES,
        lines: null,
        reels: null,
        rows: null,
        colours: ['#0f5132', '#7a4a1e'],
      },
    ],
  },
  {
    vendorCode: 'DEMO_FISH',
    category: 'FISH',
    title: 'Demo Fishing (simulator)',
    games: [
      {
        code: 'lotus-pond-hunt',
        kind: 'fish',
        name: { en: 'Lotus Pond Hunt (demo)', bn: 'পদ্মপুকুর শিকার (ডেমো)' },
        minBet: '0.50',
        stakes: SHOT_STAKES,
        lines: null,
        reels: null,
        rows: null,
        colours: ['#48cae4', '#023e8a'],
      },
    ],
  },
  {
    vendorCode: 'DEMO_SPORTS',
    category: 'SPORTS',
    title: 'Demo Sportsbook (simulator)',
    games: [
      {
        code: 'village-league',
        kind: 'sports',
        name: { en: 'Village League football (demo)', bn: 'গ্রাম লিগ ফুটবল (ডেমো)' },
        minBet: '10.00',
        stakes: SLIP_STAKES,
        lines: null,
        reels: null,
        rows: null,
        colours: ['#2d6a4f', '#1b263b'],
        league: 'football',
      },
    ],
  },
  {
    vendorCode: 'DEMO_PVP',
    category: 'PVP',
    title: 'Demo Card Rooms (simulator)',
    games: [
      {
        code: 'three-lamps-showdown',
        kind: 'showdown',
        name: { en: 'Three Lamps Showdown (demo)', bn: 'তিন প্রদীপ শোডাউন (ডেমো)' },
        minBet: '10.00',
        stakes: ['10.00', '20.00', '50.00'],
        lines: null,
        reels: null,
        rows: null,
        colours: ['#5a189a', '#ff9e00'],
        rooms: [
          { id: 'lamp-1', name: { en: 'Lamp Room 1', bn: 'প্রদীপ ঘর ১' }, seats: 4, minBet: '10.00' },
          { id: 'lamp-2', name: { en: 'Lamp Room 2', bn: 'প্রদীপ ঘর ২' }, seats: 4, minBet: '10.00' },
          { id: 'duel', name: { en: 'Duel Table', bn: 'দ্বৈত টেবিল' }, seats: 2, minBet: '20.00' },
          { id: 'high-lamp', name: { en: 'High Lamp', bn: 'উঁচু প্রদীপ' }, seats: 6, minBet: '50.00' },
        ],
      },
    ],
  },
  {
    // A sportsbook run by an esports vendor: filed under SPORTS, listed in the site's esports list.
    vendorCode: 'DEMO_ESPORTS',
    category: 'SPORTS',
    title: 'Demo Esports (simulator)',
    games: [
      {
        code: 'pixel-arena-cup',
        kind: 'sports',
        name: { en: 'Pixel Arena Cup esports (demo)', bn: 'পিক্সেল অ্যারেনা কাপ ই-স্পোর্টস (ডেমো)' },
        minBet: '10.00',
        stakes: SLIP_STAKES,
        lines: null,
        reels: null,
        rows: null,
        colours: ['#3a0ca3', '#06d6a0'],
        league: 'esports',
      },
    ],
  },
];

export function findStudio(vendorCode: string): DemoStudio | undefined {
  return demoStudios.find((studio) => studio.vendorCode === vendorCode);
}

export function findGame(vendorCode: string, gameCode: string): DemoGame | undefined {
  return findStudio(vendorCode)?.games.find((game) => game.code === gameCode);
}
