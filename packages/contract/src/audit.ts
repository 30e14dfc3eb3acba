import { z } from 'zod';
import { adminListQuerySchema, adminPageSchema, siteDaySchema } from './admin-list.js';
import { call } from './call.js';
import { inputText } from './input-text.js';

/** The staff audit (ADR 094): every staff action, hash-chained; the back office's audit page. */

export const auditEntrySchema = z.object({
  seq: z.string(),
  at: z.string(),
  actor: z.string(),
  role: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  target: z.unknown().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  detail: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = adminListQuerySchema.extend({
  /** the staff member (`admin:<name>` or just the name) or the tool user (`cli:<user>`) */
  staff: inputText(80).optional(),
  /** the action, from its start (`withdrawals` finds `withdrawals approve`) */
  action: inputText(80).optional(),
  /** an object named in the target, such as a member's account or a withdrawal's id */
  object: inputText(80).optional(),
  from: siteDaySchema.optional(),
  to: siteDaySchema.optional(),
});
export const auditCalls = {
  adminAudit: call({
    method: 'GET',
    path: '/wps/admin/audit',
    access: { admin: ['owner', 'risk', 'analyst'] },
    query: auditQuerySchema,
    response: adminPageSchema(auditEntrySchema),
  }),
};
