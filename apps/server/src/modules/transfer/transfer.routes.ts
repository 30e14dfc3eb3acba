import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { TransferService } from './transfer.service.js';

/** The member's sub-wallets at transfer-model vendors (ADR 021); real accounts only. */
export function registerTransferRoutes(
  app: FastifyInstance,
  { transfers }: { transfers: TransferService },
): void {
  route(app, api.transferWallets, ({ member }) => transfers.wallets(member));
  route(app, api.refreshTransferWallet, ({ member, params }) => transfers.refresh(member, params.vendor));
  route(app, api.transferIn, ({ member, body }) => transfers.transferIn(member, body));
  route(app, api.transferOut, ({ member, body }) => transfers.transferOut(member, body));
  route(app, api.consolidateTransfers, ({ member, body }) => transfers.consolidate(member, body.requestId));
  route(app, api.transferStatus, ({ member, params }) => transfers.status(member, params.id));
  route(app, api.transferRecords, ({ member, query }) => transfers.records(member, query));
}
