import { accountTypes } from '@platform/contract';
import { newId } from '../../lib/ids.js';
import type { SeedContext } from '../../lib/module.js';
import type { Rng } from '../../lib/rng.js';
import { newAccountNumber, newReferralCode } from './auth-helpers.js';
import { authRepository } from './auth.repository.js';

export interface DemoLogin {
  username: string;
  password: string;
  role: string;
}

/** Printed at every start; the accounts are created with the rest of the demo content, once. */
export const DEMO_MEMBER_LOGINS: readonly [DemoLogin, DemoLogin] = [
  { username: 'demo01', password: 'Demo1234', role: 'member, mobile +880 1700000001' },
  { username: 'agent01', password: 'Agent1234', role: 'agent, invitation code KHELA01' },
];

/** The demo agent (invitation code KHELA01) and a demo player below it. */
export async function seedAuthDemo({ tx, now, rng, passwords }: SeedContext): Promise<void> {
  const agent = await authRepository.insertMember(tx, {
    ...demoAccountBase(rng, now),
    username: 'agent01',
    passwordHash: await passwords.hash(DEMO_MEMBER_LOGINS[1].password),
    type: accountTypes.agent,
    nickname: 'Demo Agent',
    // A fixed, readable invitation code: /register?affiliateCode=KHELA01 works on every demo install.
    referralCode: 'KHELA01',
    contacts: {},
  });
  await authRepository.insertMember(tx, {
    ...demoAccountBase(rng, now),
    username: 'demo01',
    passwordHash: await passwords.hash(DEMO_MEMBER_LOGINS[0].password),
    type: accountTypes.member,
    nickname: 'Demo Player',
    payeeName: 'Demo Player',
    countryDialingCode: '880',
    mobile: '1700000001',
    uplineId: agent.id,
    contacts: {},
  });
}

function demoAccountBase(rng: Rng, now: Date) {
  return {
    publicId: newId(rng, 'mbr'),
    account: newAccountNumber(rng),
    referralCode: newReferralCode(rng),
    passwordChangedAt: now,
    createdAt: now,
  };
}
