import { slotRtpVariants, type SlotRtpVariant } from '@platform/contract';
import type { Strips } from './evaluate.js';
import { parseStrip } from './machine.js';

/**
 * The operator picks one of these (setting `inhouse.slot.rtpVariant`). Each has its own reel strips and
 * the same paytable; its stated RTP is its exact return rounded to two decimals, which
 * variants.test.ts recomputes from the strips (exact-rtp.ts) and which a 10-million-spin simulation
 * confirms (npm run bench). The strips were found by a search on the exact return (symbol counts per
 * reel), then shuffled once so that no symbol sits next to itself and wilds and scatters are at least
 * three apart; a strip's order changes the hit rate, never the return.
 *
 * Letters: W tiger (wild), S lantern (scatter), P peacock, E elephant, B boat, D drum, L lotus, M mango,
 * F fish, K kite. A reel's top row shows the strip at its stop, the rows below the next two symbols.
 */
export { slotRtpVariants, type SlotRtpVariant };

export interface SlotVariant {
  id: SlotRtpVariant;
  /** percent, two decimals: the exact return rounded */
  statedRtp: string;
  strips: Strips;
}

const variant = (id: SlotRtpVariant, statedRtp: string, strips: string[]): SlotVariant => ({
  id,
  statedRtp,
  strips: strips.map(parseStrip),
});

export const slotVariants: Readonly<Record<SlotRtpVariant, SlotVariant>> = {
  '92': variant('92', '92.00', [
    'MPMPMLWMLBSDKDLELDMEMLMFKFLBLDMBL',
    'FKMFKBDKFKMLWKEBDFEKEDBWKFDFPFPFSKL',
    'MDMLMBPMLMLMSEMLBLWDBDLKWLDMPLKEFEF',
    'KBLMFMWSMLPMLMDLKDKEFKLFKDEBMFBFLFKPEDW',
    'LMKFSDFLMDEPDLKEKBKEMLFDLMBMLFKFPMWKBWF',
  ]),
  '94': variant('94', '94.00', [
    'SFLMLEMEPKLWDFLPMLDLBEMDBMLMKBMLMD',
    'PKSKDWLEFKMBDEFPDKFKEKFBFKDMFLWFKF',
    'ELFLFLEMDMWBMWEPMPDMLMLSMLBDMBLKLKD',
    'MLMLDKEFLBMLFLFBDKMFKPDSEWKFKMDWBPMLKF',
    'FDKLMKBWPDMFKLKEFMDFDBMFEMKLBLKMSFLWEPL',
  ]),
  '96': variant('96', '96.00', [
    'MWDLMPMFBMELBLMPLMFLBDEDLKMSELMLKD',
    'FEKFKDBFDFKWDLFKFDWPELKMBFMKBKEPFS',
    'MLDMLKWDPMBMLBEBMLELSEDLMKMLMWFPDFL',
    'PBEFEDBLKDMKSKFMKDKMLFEKMWFMWMEPELFLEFLPLD',
    'LKFDEFKMKWBDEMLKFPKMFLBMSDMLBLWMKDLFPK',
  ]),
  '97': variant('97', '97.00', [
    'PLDLMLPFELBMFDMLDLMWMEBMEKLMBSMDK',
    'BKESDKFKFBFLWBDLFDKFDWKPFPMFKFKEME',
    'MBLMDKDLBEMPSLFWMLWDMELMBLFMLPEDLMK',
    'PLWLDWDMKLMKFPLBKFMKMSLDFLMFMBFDKEFEBK',
    'FWDBPFDFLDPKMELKMLKFLKMWMFBPKMFSLDMLEKE',
  ]),
};
