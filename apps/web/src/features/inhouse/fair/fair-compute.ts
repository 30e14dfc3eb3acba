/**
 * The provably fair computations in the browser, with Web Crypto only (issue 12): the verification page
 * recomputes any dice roll or crash point from its seeds so a player need not trust the server's answer.
 * Written apart from the server's code on purpose; both follow the rules word for word.
 */

export interface FairStep {
  name: string;
  value: string;
}
export interface FairResult {
  /** the roll '78.78' or the crash point '2.67' */
  result: string;
  steps: FairStep[];
}

const encoder = new TextEncoder();

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const bytesOfHex = (text: string): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(text.length / 2);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = parseInt(text.slice(index * 2, index * 2 + 2), 16);
  return bytes;
};

async function sha256(data: Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', data)));
}

async function hmacSha256(key: Uint8Array<ArrayBuffer>, message: string): Promise<Uint8Array> {
  const imported = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, encoder.encode(message)));
}

/** Hundredths as text: 7878 → '78.78'. */
const hundredths = (value: bigint): string =>
  `${(value / 100n).toString()}.${(value % 100n).toString().padStart(2, '0')}`;

/** The SHA-256 of a dice server seed as text (the hash shown before play). */
export const diceSeedHash = (serverSeed: string): Promise<string> => sha256(encoder.encode(serverSeed));

/**
 * Dice: HMAC_SHA256(key = server seed as text, message = `client_seed:nonce:0`); its first 4 bytes make
 * the float b0/256 + b1/256^2 + b2/256^3 + b3/256^4; the roll is floor(float × 10001) / 100.
 */
export async function verifyDice(serverSeed: string, clientSeed: string, nonce: number): Promise<FairResult> {
  const message = `${clientSeed}:${nonce}:0`;
  const digest = await hmacSha256(encoder.encode(serverSeed), message);
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = digest;
  const float = b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
  // The float is exact in a double (32 bits), and so is float × 10001 (46 bits).
  const roll = BigInt(Math.floor(float * 10001));
  return {
    result: hundredths(roll),
    steps: [
      { name: 'serverSeedHash', value: await diceSeedHash(serverSeed) },
      { name: 'message', value: message },
      { name: 'hmac', value: hex(digest) },
      { name: 'bytes', value: [b0, b1, b2, b3].join(', ') },
      { name: 'float', value: float.toString() },
      { name: 'roll', value: hundredths(roll) },
    ],
  };
}

const TWO_52 = 2n ** 52n;

/**
 * Crash: h = HMAC_SHA256(key = the seed's 32 bytes, message = the salt as text); X = its first 13 hex
 * digits / 2^52; crash point = max(1, floor(99 / (1 − X)) / 100), in integers: floor(99 · 2^52 / (2^52 − r)).
 * The seed's SHA-256 is the round before's seed (the chain's commitment for the first round).
 */
export async function verifyCrash(seed: string, salt: string): Promise<FairResult> {
  const key = bytesOfHex(seed);
  const digest = hex(await hmacSha256(key, salt));
  const first13 = digest.slice(0, 13);
  const bits = BigInt(`0x${first13}`);
  const raw = (99n * TWO_52) / (TWO_52 - bits);
  const point = raw < 100n ? 100n : raw;
  return {
    result: hundredths(point),
    steps: [
      { name: 'previousSeed', value: await sha256(key) },
      { name: 'hmac', value: digest },
      { name: 'first13', value: first13 },
      { name: 'x', value: (Number(bits) / 2 ** 52).toString() },
      { name: 'crashPoint', value: hundredths(point) },
    ],
  };
}
