import { enumeratedRtp } from '../apps/server/src/modules/inhouse/slot/enumerate.js';
import { exactRtp } from '../apps/server/src/modules/inhouse/slot/exact-rtp.js';
import { equals, toDecimal, type Fraction } from '../apps/server/src/modules/inhouse/slot/fraction.js';
import { slotRtpVariants, slotVariants } from '../apps/server/src/modules/inhouse/slot/variants.js';

/**
 * `npm run slot:rtp`: the slot's return to player computed from its reel strips, two ways, for every
 * RTP variant: by combinatorics (exact-rtp.ts, as a fraction) and by playing every stop combination
 * once (enumerate.ts). The two must be the same fraction; the script exits non-zero when they are not,
 * or when a variant's stated RTP is not its exact return rounded. Figures for a certification file.
 */
const percent = (value: Fraction, digits = 6) => `${toDecimal({ n: value.n * 100n, d: value.d }, digits)}%`;

let mismatches = 0;
for (const id of slotRtpVariants) {
  const variant = slotVariants[id];
  const exact = exactRtp(variant.strips);
  console.log(`Royal Bengal Reels, variant ${id} (stated ${variant.statedRtp}%)`);
  console.log(
    `  reel lengths ${variant.strips.map((strip) => strip.length).join(', ')}; ${exact.combinations.toLocaleString('en')} stop combinations`,
  );
  console.log(`  paid spin, lines     ${percent(exact.baseLines)}`);
  console.log(`  paid spin, scatters  ${percent(exact.baseScatter)}`);
  console.log(`  free spins           ${percent(exact.freeSpins)}`);
  console.log(`  return to player     ${percent(exact.rtp, 10)}  (= ${exact.rtp.n} / ${exact.rtp.d})`);
  console.log(
    `  free spins start on 1 in ${toDecimal({ n: exact.triggerChance.d, d: exact.triggerChance.n }, 2)} paid spins,` +
      ` play ${toDecimal(exact.spinsPerFeature, 3)} spins on average (retriggers included)`,
  );
  const started = performance.now();
  const enumerated = enumeratedRtp(variant.strips);
  const same = equals(enumerated.rtp, exact.rtp) && enumerated.combinations === exact.combinations;
  console.log(
    `  every stop combination played: ${percent(enumerated.rtp, 10)}` +
      ` (${((performance.now() - started) / 1000).toFixed(1)} s) ${same ? 'the same fraction' : 'DIFFERENT'}`,
  );
  const stated = toDecimal({ n: exact.rtp.n * 100n, d: exact.rtp.d }, 2) === variant.statedRtp;
  if (!stated) console.log(`  the stated ${variant.statedRtp}% is NOT the exact return rounded`);
  if (!same || !stated) mismatches += 1;
  console.log('');
}
process.exitCode = mismatches === 0 ? 0 : 1;
