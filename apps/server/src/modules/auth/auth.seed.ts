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
  await seedDemoTeam({ tx, now, rng, passwords } as SeedContext, agent.id);
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

/**
 * The demo agent's team, three levels deep (issue 14): agent02 below agent01, agent03 below agent02,
 * players at each level. Agents log in with agent01's password, players with demo01's. The agent
 * module's seed gives them contracts and turnover.
 */
async function seedDemoTeam({ tx, now, rng, passwords }: SeedContext, topId: bigint): Promise<void> {
  const agentHash = await passwords.hash(DEMO_MEMBER_LOGINS[1].password);
  const playerHash = await passwords.hash(DEMO_MEMBER_LOGINS[0].password);
  const add = async (username: string, uplineId: bigint, type: number) =>
    authRepository.insertMember(tx, {
      ...demoAccountBase(rng, now),
      username,
      passwordHash: type === accountTypes.member ? playerHash : agentHash,
      type,
      nickname: username,
      uplineId,
      contacts: {},
    });
  const agent02 = await add('agent02', topId, accountTypes.agent);
  const agent03 = await add('agent03', agent02.id, accountTypes.agent);
  await add('player01a', topId, accountTypes.member);
  await add('player01b', topId, accountTypes.member);
  await add('player02a', agent02.id, accountTypes.member);
  await add('player03a', agent03.id, accountTypes.member);
  await add('player03b', agent03.id, accountTypes.member);
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
