/**
 * Chaos switches: what the demo vendor does wrong on purpose, so that tests and demos can watch our
 * wallet API keep the books right. Each is a percentage of calls (0 to 100), drawn with crypto.randomInt.
 * timeout and drop touch only a call's first attempt, so every call still gets through on a retry.
 */
export interface ChaosSwitches {
  /** the request reaches the platform but its answer is thrown away: the call is retried as timed out */
  timeout: number;
  /** the request is never sent (lost on the way); it is retried as timed out */
  drop: number;
  /** every attempt is sent twice at once */
  duplicate: number;
  /** a round's win is sent once before its bet (it is refused as unknown and sent again after the bet) */
  reorder: number;
  /** the game "crashes" after the bet is taken: the round is rolled back */
  crash: number;
  /**
   * the transfer-model vendor (transfer-vendor.ts) applies a deposit or withdraw and then never answers:
   * the platform sees a timeout although the money moved (its reconciliation must find out)
   */
  transferTimeout: number;
  /** the transfer-model vendor drops a deposit or withdraw unapplied and never answers */
  transferDrop: number;
}

export const chaosNames = [
  'timeout',
  'drop',
  'duplicate',
  'reorder',
  'crash',
  'transferTimeout',
  'transferDrop',
] as const;
export type ChaosName = (typeof chaosNames)[number];

export const calmChaos = (): ChaosSwitches => ({
  timeout: 0,
  drop: 0,
  duplicate: 0,
  reorder: 0,
  crash: 0,
  transferTimeout: 0,
  transferDrop: 0,
});

/** `timeout,duplicate=50`: a name alone means 100 percent. Unknown names and bad numbers are refused. */
export function parseChaos(text: string): ChaosSwitches {
  const chaos = calmChaos();
  for (const part of text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [name = '', value = '100'] = part.split('=');
    if (!(chaosNames as readonly string[]).includes(name)) {
      throw new Error(`chaos: unknown switch ${name} (known: ${chaosNames.join(', ')})`);
    }
    const percent = Number(value);
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
      throw new Error(`chaos: ${name} must be a whole percentage 0 to 100, got ${value}`);
    }
    chaos[name as ChaosName] = percent;
  }
  return chaos;
}

/** Whether a switch fires this time: `pick(100)` is uniform on 0..99. */
export const fires = (percent: number, pick: (exclusiveMax: number) => number): boolean =>
  percent >= 100 || (percent > 0 && pick(100) < percent);
