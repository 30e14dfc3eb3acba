import { createHmac } from 'node:crypto';
import type { FairVerification, FairVerifyQuery } from '@platform/contract';
import { invalid } from '../../lib/errors.js';
import { crashBits, crashPointOfBits, sha256Hex } from './fair/crash.js';
import { diceBytes, diceRoll, hundredthsText } from './fair/dice.js';
import { diceSeedHash } from './dice.service.js';

/**
 * The public verification (issue 12): any dice roll or crash point recomputed from its seeds, step by step,
 * with the same code the games play with. The verification page does the same in the browser with Web
 * Crypto, so a player need not trust this call either.
 */
export function verifyFair(query: FairVerifyQuery): FairVerification {
  if (query.game === 'dice') {
    const { serverSeed, clientSeed, nonce } = query;
    const missing = [
      ...(serverSeed ? [] : ['serverSeed']),
      ...(clientSeed ? [] : ['clientSeed']),
      ...(nonce ? [] : ['nonce']),
    ];
    if (!serverSeed || !clientSeed || !nonce) {
      throw invalid(missing.map((path) => ({ path, message: 'inhouse.fair.required' })));
    }
    const n = Number(nonce);
    const message = `${clientSeed}:${n}:0`;
    const bytes = diceBytes(serverSeed, clientSeed, n, 4);
    const roll = diceRoll(serverSeed, clientSeed, n);
    return {
      game: 'dice',
      result: hundredthsText(roll),
      steps: [
        { name: 'serverSeedHash', value: diceSeedHash(serverSeed) },
        { name: 'message', value: message },
        { name: 'hmac', value: createHmac('sha256', serverSeed).update(message).digest('hex') },
        { name: 'bytes', value: [...bytes].join(', ') },
        { name: 'float', value: (bytes.readUInt32BE(0) / 2 ** 32).toString() },
        { name: 'roll', value: hundredthsText(roll) },
      ],
    };
  }
  const { seed, salt } = query;
  if (!seed || !/^[0-9a-f]{64}$/.test(seed)) {
    throw invalid([{ path: 'seed', message: 'inhouse.fair.seedHex' }]);
  }
  if (!salt) throw invalid([{ path: 'salt', message: 'inhouse.fair.required' }]);
  const bits = crashBits(seed, salt);
  const point = crashPointOfBits(bits);
  const hmac = createHmac('sha256', Buffer.from(seed, 'hex')).update(salt).digest('hex');
  return {
    game: 'crash',
    result: hundredthsText(point),
    steps: [
      { name: 'previousSeed', value: sha256Hex(seed) },
      { name: 'hmac', value: hmac },
      { name: 'first13', value: hmac.slice(0, 13) },
      { name: 'x', value: (Number(bits) / 2 ** 52).toString() },
      { name: 'crashPoint', value: hundredthsText(point) },
    ],
  };
}
