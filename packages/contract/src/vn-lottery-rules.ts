/**
 * The Vietnamese lottery's shapes for the web app (zod-free): regions, tiers, bet types with how many
 * numbers of how many digits they take and how many positions they cover. The server's rules
 * (modules/lottery/vn, ADR 042) hold the same figures; a test there keeps the two equal.
 */
export const vnRegions = ['north', 'central', 'south'] as const;
export type VnRegionCode = (typeof vnRegions)[number];

/** [count, digits] per tier, special prize first. */
export const vnTierShapes: Readonly<Record<VnRegionCode, readonly (readonly [number, number])[]>> = {
  north: [
    [1, 5],
    [1, 5],
    [2, 5],
    [6, 5],
    [4, 4],
    [6, 4],
    [3, 3],
    [4, 2],
  ],
  central: [
    [1, 6],
    [1, 5],
    [1, 5],
    [2, 5],
    [7, 5],
    [1, 4],
    [3, 4],
    [1, 3],
    [1, 2],
  ],
  south: [
    [1, 6],
    [1, 5],
    [1, 5],
    [2, 5],
    [7, 5],
    [1, 4],
    [3, 4],
    [1, 3],
    [1, 2],
  ],
};

export const vnBetTypes = [
  'de',
  'de-dau',
  'de-duoi',
  'lo2',
  'lo3',
  'lo4',
  'xien2',
  'xien3',
  'xien4',
  'lo-truot',
  'dau',
  'duoi',
] as const;
export type VnBetTypeCode = (typeof vnBetTypes)[number];

/** How many digits each number has and how many numbers a bet of the type takes. */
export const vnBetShapes: Readonly<Record<VnBetTypeCode, { digits: number; counts: readonly number[] }>> = {
  de: { digits: 2, counts: [1] },
  'de-dau': { digits: 1, counts: [1] },
  'de-duoi': { digits: 1, counts: [1] },
  lo2: { digits: 2, counts: [1] },
  lo3: { digits: 3, counts: [1] },
  lo4: { digits: 4, counts: [1] },
  xien2: { digits: 2, counts: [2] },
  xien3: { digits: 2, counts: [3] },
  xien4: { digits: 2, counts: [4] },
  'lo-truot': { digits: 2, counts: [4, 8, 10] },
  dau: { digits: 2, counts: [1] },
  duoi: { digits: 2, counts: [1] },
};

/** The positions a bet covers (its unit stake is multiplied by this): lô by the region's numbers. */
export function vnBetUnits(region: VnRegionCode, type: VnBetTypeCode): number {
  const tiers = vnTierShapes[region];
  const covering = (digits: number) =>
    tiers.reduce((sum, [count, length]) => (length >= digits ? sum + count : sum), 0);
  switch (type) {
    case 'lo2':
      return covering(2);
    case 'lo3':
      return covering(3);
    case 'lo4':
      return covering(4);
    case 'dau':
      return tiers[tiers.length - 1]?.[0] ?? 1;
    default:
      return 1;
  }
}
