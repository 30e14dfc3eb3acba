import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { InhouseService } from './inhouse.service.js';

export function registerInhouseRoutes(app: FastifyInstance, services: { inhouse: InhouseService }): void {
  route(app, api.inhouseInfo, () => services.inhouse.info());
}
