import { member } from '../../db/schema.js';
import type { TestApp } from '../../test/harness.js';
import type { MemberRow } from './member.repository.js';

export interface TestMember {
  row: MemberRow;
  /** a live session's token */
  token: string;
  password: string;
  auth: { authorization: string };
}

let sequence = 0;

/**
 * A member inserted straight into the database and logged in through the session service, so these
 * tests do not depend on the registration and login routes.
 */
export async function createMember(
  t: TestApp,
  fields: Partial<typeof member.$inferInsert> & { password?: string } = {},
): Promise<TestMember> {
  sequence += 1;
  const { password = 'Secret123', ...columns } = fields;
  const suffix = `${sequence}${Math.floor(t.clock.now().getTime() / 1000) % 100000}`;
  const rows = await t.handle.db
    .insert(member)
    .values({
      publicId: `mbr_test${suffix}`,
      username: `player${suffix}`,
      account: `9${suffix.padStart(9, '0')}`,
      referralCode: `REF${suffix}`,
      passwordHash: await t.services.passwords.hash(password),
      createdAt: t.clock.now(),
      ...columns,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('member insert returned no row');
  const token = await logIn(t, row.id);
  return { row, token, password, auth: { authorization: `Bearer ${token}` } };
}

/** Another session for the same member, as a second device would have. */
export async function logIn(t: TestApp, memberId: bigint): Promise<string> {
  return t.services.sessions.issue(t.handle.db, memberId, { ip: '127.0.0.1', userAgent: 'vitest' });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
