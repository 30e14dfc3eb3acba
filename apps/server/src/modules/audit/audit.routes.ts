import { api, type AuditEntry } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { AuditFilter, AuditRow } from './audit.repository.js';
import type { AuditService } from './audit.service.js';

export interface SiteDays {
  siteDayStart(day: string): Date;
  siteDayEnd(day: string): Date;
}

/** A row as the back office shows it. */
export const auditEntryOf = (row: AuditRow): AuditEntry => ({
  seq: row.seq.toString(),
  at: row.at.toISOString(),
  actor: row.actor,
  role: row.role,
  ip: row.ip,
  action: row.command,
  target: row.target,
  before: row.before,
  after: row.after,
  reason: row.reason,
  detail: row.detail,
});

const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

export function registerAuditRoutes(
  app: FastifyInstance,
  services: { audit: AuditService; days: SiteDays },
): void {
  const { audit, days } = services;
  const filterOf = (query: {
    staff?: string | undefined;
    action?: string | undefined;
    object?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  }): AuditFilter => ({
    // A bare name is a member of staff; `cli:<user>` and `system:<job>` are named as they are.
    actor: query.staff
      ? query.staff.includes(':')
        ? query.staff
        : `admin:${query.staff.toLowerCase()}`
      : undefined,
    actionPrefix: query.action,
    object: query.object,
    from: query.from ? days.siteDayStart(query.from) : undefined,
    until: query.to ? days.siteDayEnd(query.to) : undefined,
  });

  route(
    app,
    api.adminAudit,
    async ({ query }) => {
      const { rows, total } = await audit.page(filterOf(query), query);
      return {
        items: rows.map(auditEntryOf),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },
    {
      csv: ({ query }) => ({
        filename: 'audit',
        rows: audit.rows(filterOf(query)),
        columns: [
          { header: 'seq', cell: (row: AuditRow) => row.seq },
          { header: 'at', cell: (row: AuditRow) => row.at },
          { header: 'actor', cell: (row: AuditRow) => row.actor },
          { header: 'role', cell: (row: AuditRow) => row.role },
          { header: 'ip', cell: (row: AuditRow) => row.ip },
          { header: 'action', cell: (row: AuditRow) => row.command },
          { header: 'target', cell: (row: AuditRow) => json(row.target) },
          { header: 'before', cell: (row: AuditRow) => json(row.before) },
          { header: 'after', cell: (row: AuditRow) => json(row.after) },
          { header: 'reason', cell: (row: AuditRow) => row.reason },
          { header: 'hash', cell: (row: AuditRow) => row.hash },
        ],
      }),
    },
  );
}
