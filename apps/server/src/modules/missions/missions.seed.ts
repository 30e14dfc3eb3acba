import { randomBytes } from 'node:crypto';
import {
  createLeaderboardBodySchema,
  createMissionBodySchema,
  createRaffleBodySchema,
  parseMoney,
} from '@platform/contract';
import type { SeedContext } from '../../lib/module.js';
import { siteDayOf } from '../agent/index.js';
import { siteDayEnd, siteDayStart } from '../wallet/index.js';
import { seedHashOf } from './draw.js';
import { missionsRepository } from './missions.repository.js';
import { addDays, mondayOf } from './periods.js';

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** Demo missions, two leaderboards and this week's raffle (never run in production). */
export async function seedMissionsDemo(context: SeedContext): Promise<void> {
  const { tx, now, rng } = context;
  const missions = [
    {
      title: { en: 'Play 3 games today', bn: 'আজ ৩টি খেলা খেলুন' },
      kind: 'daily',
      metric: 'bets',
      target: '3',
      reward: '5',
    },
    {
      title: { en: 'Bet 500 on slots today', bn: 'আজ স্লটে ৫০০ বাজি ধরুন' },
      kind: 'daily',
      metric: 'valid_bet',
      category: 'SLOT',
      target: '500',
      reward: '10',
    },
    {
      title: { en: 'Deposit twice this week', bn: 'এই সপ্তাহে দুবার জমা করুন' },
      kind: 'weekly',
      metric: 'deposits',
      target: '2',
      reward: '20',
    },
  ].map((body) => createMissionBodySchema.parse(body));
  for (const body of missions) {
    await missionsRepository.insertMission(tx, {
      publicId: id('mis'),
      title: body.title,
      kind: body.kind,
      metric: body.metric,
      category: body.category,
      target: body.metric === 'valid_bet' ? parseMoney(body.target) : BigInt(body.target),
      reward: parseMoney(body.reward),
      createdAt: now,
    });
  }
  const boards = [
    {
      title: { en: 'Daily high rollers', bn: 'দৈনিক সর্বোচ্চ বাজি' },
      metric: 'valid_bet',
      period: 'daily',
      prizes: ['100', '50', '20'],
    },
    {
      title: { en: 'Biggest win of the week', bn: 'সপ্তাহের সবচেয়ে বড় জয়' },
      metric: 'win_multiplier',
      period: 'weekly',
      prizes: ['200', '100'],
    },
  ].map((body) => createLeaderboardBodySchema.parse(body));
  for (const body of boards) {
    await missionsRepository.insertLeaderboard(tx, {
      publicId: id('lb'),
      title: body.title,
      metric: body.metric,
      period: body.period,
      prizes: body.prizes.map((prize) => parseMoney(prize).toString()),
      createdAt: now,
    });
  }
  const monday = mondayOf(siteDayOf(now));
  const raffle = createRaffleBodySchema.parse({
    title: { en: 'Weekly raffle', bn: 'সাপ্তাহিক র‍্যাফেল' },
    ticketPer: '100',
    fromDay: monday,
    toDay: addDays(monday, 6),
    prizes: ['500', '200', '100'],
  });
  const seed = rng.bytes(32).toString('hex');
  await missionsRepository.insertRaffle(tx, {
    publicId: id('rf'),
    title: raffle.title,
    ticketPer: parseMoney(raffle.ticketPer),
    startsAt: siteDayStart(raffle.fromDay),
    endsAt: siteDayEnd(raffle.toDay),
    prizes: raffle.prizes.map((prize) => parseMoney(prize).toString()),
    seed,
    seedHash: seedHashOf(seed),
    status: 'open',
    createdAt: now,
  });
}
