import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { ContractService } from './contract.service.js';
import type { HierarchyService } from './hierarchy.service.js';
import type { InviteService } from './invite.service.js';
import type { ReferralService } from './referral.service.js';
import type { SettlementService } from './settlement.service.js';
import type { AgentTransferService } from './transfer.service.js';

/** The agent centre's calls (all `agent` access: 401 for visitors, 403 for members who are not agents). */
export function registerAgentRoutes(
  app: FastifyInstance,
  services: {
    hierarchy: HierarchyService;
    contracts: ContractService;
    settlements: SettlementService;
    transfers: AgentTransferService;
    invites: InviteService;
    referrals: ReferralService;
  },
): void {
  const { hierarchy, contracts, settlements, transfers, invites, referrals } = services;
  route(app, api.agentTeamOverview, ({ member }) => hierarchy.overview(member));
  route(app, api.agentTeamMembers, ({ member, query }) => hierarchy.members(member, query));
  route(app, api.agentTeamBets, ({ member, query }) => hierarchy.teamBets(member, query));
  route(app, api.agentContracts, ({ member, query }) => contracts.list(member, query.kind));
  route(app, api.agentOfferContract, ({ member, body }) => contracts.offer(member, body));
  route(app, api.agentContractPreview, ({ member, params }) => contracts.preview(member, params.id));
  route(app, api.agentAcceptContract, ({ member, params }) => contracts.accept(member, params.id));
  route(app, api.agentRejectContract, ({ member, params }) => contracts.reject(member, params.id));
  route(app, api.agentTerminateContract, ({ member, params }) => contracts.terminate(member, params.id));
  route(app, api.agentTransferInfo, ({ member }) => transfers.info(member));
  route(app, api.agentTransferUpline, ({ member, body, origin }) => transfers.toUpline(member, body, origin));
  route(app, api.agentTransferDownline, ({ member, body, origin }) =>
    transfers.toDownline(member, body, origin),
  );
  route(app, api.agentCreateDownline, ({ member, body, origin }) =>
    invites.createDownline(member, body, origin),
  );
  route(app, api.agentInviteLinks, ({ member }) => invites.links(member));
  route(app, api.agentCreateInviteLink, ({ member, body }) => invites.createLink(member, body));
  route(app, api.agentTeamTransactions, ({ member, query }) => hierarchy.transactions(member, query));
  route(app, api.referralFriends, ({ member, query }) => referrals.friends(member, query));
  route(app, api.agentIncome, ({ member, query }) => settlements.income(member, query));
}
