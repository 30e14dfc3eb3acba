import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { ReportsService } from './reports.service.js';

export function registerReportsRoutes(app: FastifyInstance, services: { reports: ReportsService }): void {
  const { reports } = services;
  route(app, api.adminDashboard, ({ query }) =>
    query.from && query.to ? reports.dashboard(query.from, query.to) : reports.today(),
  );
}
