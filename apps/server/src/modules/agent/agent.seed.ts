import type { AgentContractKind, AgentCycle } from '@platform/contract';
import { newId } from '../../lib/ids.js';
import type { SeedContext } from '../../lib/module.js';
import { contractRepository, type StoredTier } from './contract.repository.js';
import { hierarchyRepository } from './hierarchy.repository.js';
import { nextWholePeriodStart, periodStart } from './periods.js';
import { turnoverRepository, type TurnoverRow } from './turnover.repository.js';
import { addDays, DEFAULT_MIN_ACTIVE, siteDayOf } from './turnover.service.js';

const DEMO_DAYS = 4;
const CATEGORIES = ['RNG', 'LIVE', 'SPORTS', 'FISH'] as const;

/**
 * The demo agent's contracts and a few days of play (issue 14), for the team auth's seed made
 * (agent01 > agent02 > agent03 with players). Contracts apply from three days ago, so the settlement
 * job pays those days through the ledger at the first start and every agent page shows real figures.
 */
export async function seedAgentDemo({ tx, now, rng }: SeedContext): Promise<void> {
  const find = async (username: string) => {
    const found = await hierarchyRepository.memberByUsername(tx, username);
    if (!found) throw new Error(`agent demo: no member ${username}`);
    return found;
  };
  const [agent01, agent02, agent03] = [await find('agent01'), await find('agent02'), await find('agent03')];
  const today = siteDayOf(now);
  const since = periodStart('daily', new Date(now.getTime() - (DEMO_DAYS - 1) * 86_400_000));

  // Play: each player of the team, every demo day, in a few categories (deterministic enough, varied).
  const rows: TurnoverRow[] = [];
  for (const username of ['demo01', 'player01a', 'player01b', 'player02a', 'player03a', 'player03b']) {
    const player = await find(username);
    for (let back = DEMO_DAYS - 1; back >= 0; back -= 1) {
      for (const category of CATEGORIES.slice(0, 1 + rng.int(0, CATEGORIES.length))) {
        const validBet = BigInt(rng.int(20, 400)) * 1_000n;
        // Players lose a little more than they win, on most days.
        const payout = (validBet * BigInt(rng.int(70, 110))) / 100n;
        rows.push({
          memberId: player.id,
          day: addDays(today, -back),
          category,
          validBet,
          payout,
          bets: rng.int(5, 60),
        });
      }
    }
  }
  rows.sort((a, b) =>
    a.memberId === b.memberId
      ? `${a.day}${a.category}`.localeCompare(`${b.day}${b.category}`)
      : a.memberId < b.memberId
        ? -1
        : 1,
  );
  await turnoverRepository.add(tx, rows, DEFAULT_MIN_ACTIVE);

  const tiers = (...list: [string, number, number][]): StoredTier[] =>
    list.map(([min, minActive, rateBp]) => ({ min, minActive, rateBp }));
  const contract = async (
    uplineId: bigint | null,
    downlineId: bigint,
    kind: AgentContractKind,
    cycle: AgentCycle,
    stored: StoredTier[],
    status: 'active' | 'offered' = 'active',
  ) => {
    const id = await contractRepository.insert(tx, {
      publicId: newId(rng, 'ctr'),
      uplineId,
      downlineId,
      kind,
      cycle,
      tiers: stored,
      offeredBy: uplineId === null ? 'system:demo' : 'system:demo-upline',
      offeredAt: new Date(since.getTime() - 3_600_000),
    });
    if (status === 'offered') return;
    await contractRepository.respond(tx, id, {
      status: 'active',
      by: 'system:demo',
      at: new Date(since.getTime() - 1_800_000),
      effectiveFrom: kind === 'dividend' || kind === 'daily_wage' ? since : nextWholePeriodStart(cycle, now),
    });
    if (kind === 'hourly_salary' || kind === 'realtime_salary') {
      const totals = await turnoverRepository.teamTotals(tx, downlineId, today, today);
      await contractRepository.setBasis(tx, id, { day: today, validBet: totals.validBet.toString() });
    }
  };
  // 1,000.00 of team valid bets with 3 active members reaches agent01's second tier.
  await contract(null, agent01.id, 'daily_wage', 'daily', tiers(['0', 0, 100], ['100000', 3, 150]));
  await contract(null, agent01.id, 'dividend', 'daily', tiers(['0', 0, 2000], ['50000', 3, 2500]));
  await contract(null, agent01.id, 'hourly_salary', 'hourly', tiers(['0', 0, 20]));
  await contract(null, agent01.id, 'realtime_salary', 'five_minutes', tiers(['0', 0, 10]));
  await contract(agent01.id, agent02.id, 'daily_wage', 'daily', tiers(['0', 0, 80]));
  await contract(agent01.id, agent02.id, 'dividend', 'daily', tiers(['0', 0, 1500]));
  await contract(agent02.id, agent03.id, 'daily_wage', 'daily', tiers(['0', 0, 50]));
  // An offer agent02 has not answered yet.
  await contract(agent01.id, agent02.id, 'hourly_salary', 'hourly', tiers(['0', 0, 10]), 'offered');
}
