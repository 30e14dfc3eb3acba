import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { RoundRecordsService } from './round-records.service.js';

/** The member's betting record, a round's detail and the personal profit and loss: reads only. */
export function registerRoundRecordsRoutes(app: FastifyInstance, records: RoundRecordsService): void {
  route(app, api.betRecords, ({ member, query }) => records.betRecords(member, query));
  route(app, api.betRecord, ({ member, params }) => records.betRecord(member, params.id));
  route(app, api.profit, ({ member, query }) => records.profit(member, query));
}
