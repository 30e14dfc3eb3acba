import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { HierarchyService } from './hierarchy.service.js';

/** The agent centre's calls (all `agent` access: 401 for visitors, 403 for members who are not agents). */
export function registerAgentRoutes(app: FastifyInstance, services: { hierarchy: HierarchyService }): void {
  const { hierarchy } = services;
  route(app, api.agentTeamOverview, ({ member }) => hierarchy.overview(member));
  route(app, api.agentTeamMembers, ({ member, query }) => hierarchy.members(member, query));
  route(app, api.agentTeamBets, ({ member, query }) => hierarchy.teamBets(member, query));
}
