import type { SeedContext } from '../../lib/module.js';
import { mallRepository } from './mall.repository.js';
import { rankRepository } from './rank.repository.js';

const unit = (major: number) => BigInt(major) * 100n;

/** The demo's ranks: the club labels login already shows, with thresholds over the 90-day window. */
const DEMO_RANKS = [
  ['Member', '#7d8590', '#a5adb8', 0, 0, 0, 0],
  ['Bronze', '#8c5a2b', '#cd7f32', 1_000, 5_000, 50, 10],
  ['Silver', '#8e9aa6', '#d7dde3', 5_000, 25_000, 150, 30],
  ['Gold', '#b8860b', '#ffd700', 20_000, 100_000, 500, 100],
  ['Platinum', '#5f7d8c', '#b9d7e3', 50_000, 300_000, 1_500, 300],
  ['Diamond', '#2b7bb9', '#8fd3fe', 150_000, 1_000_000, 5_000, 1_000],
  ['Crown', '#7b2cbf', '#e0aaff', 500_000, 5_000_000, 20_000, 5_000],
] as const;

/** The point mall's demo shelf: two goods shipped to the member and two bonuses credited on approval. */
const DEMO_ITEMS = [
  {
    publicId: 'itm_demobonus50',
    kind: 'bonus',
    name: { bn: '৫০ টাকা বোনাস', en: 'Bonus 50' },
    description: {
      bn: 'অনুমোদনের পর বোনাস ওয়ালেটে জমা হয়।',
      en: 'Credited to your bonus wallet once approved.',
    },
    points: 500n,
    bonus: unit(50),
    stock: 1_000,
    perMemberLimit: 5,
  },
  {
    publicId: 'itm_demobonus500',
    kind: 'bonus',
    name: { bn: '৫০০ টাকা বোনাস', en: 'Bonus 500' },
    description: {
      bn: 'অনুমোদনের পর বোনাস ওয়ালেটে জমা হয়।',
      en: 'Credited to your bonus wallet once approved.',
    },
    points: 4_500n,
    bonus: unit(500),
    stock: 200,
    perMemberLimit: 2,
  },
  {
    publicId: 'itm_demojersey',
    kind: 'physical',
    name: { bn: 'ক্রিকেট জার্সি', en: 'Cricket jersey' },
    description: { bn: 'আপনার ঠিকানায় পাঠানো হবে।', en: 'Shipped to your address.' },
    points: 2_000n,
    bonus: null,
    stock: 50,
    perMemberLimit: 1,
  },
  {
    publicId: 'itm_demoheadset',
    kind: 'physical',
    name: { bn: 'গেমিং হেডসেট', en: 'Gaming headset' },
    description: { bn: 'আপনার ঠিকানায় পাঠানো হবে।', en: 'Shipped to your address.' },
    points: 8_000n,
    bonus: null,
    stock: 10,
    perMemberLimit: 1,
  },
] as const;

/** Demo ranks and mall items (the demo seed only: production's operator sets its own). */
export async function seedLoyaltyDemo({ tx }: SeedContext): Promise<void> {
  for (const [
    level,
    [labelName, color, color2, deposit, validBet, upgrade, monthly],
  ] of DEMO_RANKS.entries()) {
    await rankRepository.upsert(tx, {
      level,
      labelName,
      color,
      color2,
      minDeposit: unit(deposit),
      minValidBet: unit(validBet),
      upgradeGift: unit(upgrade),
      monthlyGift: unit(monthly),
    });
  }
  for (const [sort, item] of DEMO_ITEMS.entries()) {
    await mallRepository.insertItem(tx, { ...item, imageUrl: null, sort });
  }
}
