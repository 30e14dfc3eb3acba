import { randomBytes } from 'node:crypto';
import { memberSession } from '../../apps/server/src/db/schema.js';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { sha256 } from '../../apps/server/src/lib/tokens.js';
import { fundMembers, insertMembers, openScratch } from '../ledger-throughput.js';

/**
 * Members with 1,000,000.00 each and a live session, straight into the database (the benches measure play,
 * not sign-ups): their bearer tokens, one a member. `prefix` keeps usernames apart between runs.
 */
export async function playersWithSessions(
  databaseUrl: string,
  count: number,
  prefix: string,
): Promise<string[]> {
  const handle = openScratch(databaseUrl, 2);
  try {
    const members = await insertMembers(handle.db, count, `${prefix}${Date.now() % 100_000}`);
    await fundMembers(handle.db, members, 100_000_000n);
    const tokens = members.map(() => randomBytes(32).toString('hex'));
    const now = systemClock.now();
    await handle.db.insert(memberSession).values(
      members.map((row, index) => ({
        memberId: row.id,
        tokenHash: sha256(tokens[index] as string),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 3_600_000),
      })),
    );
    return tokens;
  } finally {
    await handle.close();
  }
}
