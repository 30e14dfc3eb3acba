import { cryptoRng, type Rng } from '../../../lib/rng.js';
import { VN_STRUCTURES, type VnRegion, type VnResult } from './regions.js';

/**
 * A house draw of a whole result in a region's format, for the fast VN games. Each number is drawn on
 * its own from node:crypto through Rng.int, which scales without bias (crypto.randomInt rejects words
 * outside the largest multiple of the range), so every number of every tier is equally likely and
 * numbers repeat across tiers exactly as often as chance says, as in the state draws.
 */
export function drawVnResult(region: VnRegion, rng: Rng = cryptoRng): VnResult {
  const tiers = VN_STRUCTURES[region].tiers.map((tier) => {
    const numbers: string[] = [];
    for (let i = 0; i < tier.count; i += 1) {
      numbers.push(String(rng.int(0, 10 ** tier.digits)).padStart(tier.digits, '0'));
    }
    return numbers;
  });
  return { region, tiers };
}
