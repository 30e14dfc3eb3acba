import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { LeaderboardService } from './leaderboard.service.js';
import type { MissionService } from './mission.service.js';
import type { RaffleService } from './raffle.service.js';
import type { RewardCentreService } from './reward-centre.service.js';

export function registerMissionsRoutes(
  app: FastifyInstance,
  services: {
    missions: MissionService;
    leaderboards: LeaderboardService;
    raffles: RaffleService;
    rewardCentre: RewardCentreService;
  },
): void {
  const { missions, leaderboards, raffles, rewardCentre } = services;
  const language = (query: { language?: string | undefined }) => query.language ?? 'bn';
  route(app, api.missions, ({ member, query }) => missions.list(member, language(query)));
  route(app, api.claimMission, ({ member, params, query }) =>
    missions.claim(member, params.id, language(query)),
  );
  route(app, api.leaderboards, ({ member, query }) => leaderboards.current(member, language(query)));
  route(app, api.leaderboardWinners, ({ query }) => leaderboards.winners(language(query)));
  route(app, api.rewardCentre, ({ member, query }) => rewardCentre.of(member, language(query)));
  route(app, api.claimRaffle, ({ member, params, query }) =>
    raffles.claim(member, params.id, language(query)),
  );
  route(app, api.raffleDraw, ({ params }) => raffles.draw(params.id));
  route(app, api.adminMissions, () => missions.adminList());
  route(app, api.adminCreateMission, ({ admin, body }) => missions.create({ admin }, body));
  route(app, api.adminSetMissionActive, ({ admin, params, body }) =>
    missions.setActive({ admin }, params.id, body.active),
  );
  route(app, api.adminLeaderboards, () => leaderboards.adminList());
  route(app, api.adminRaffles, () => raffles.adminList());
  route(app, api.adminCreateLeaderboard, ({ admin, body }) => leaderboards.create({ admin }, body));
  route(app, api.adminCreateRaffle, ({ admin, body }) => raffles.create({ admin }, body));
  route(app, api.adminDisableLeaderboard, ({ admin, params }) => leaderboards.disable({ admin }, params.id));
  route(app, api.adminCancelRaffle, ({ admin, params }) => raffles.cancel({ admin }, params.id));
}
