import { z } from 'zod';
import { adminListQuerySchema, adminPageSchema } from './admin-list.js';
import { call } from './call.js';
import { adminRoles } from './constants.js';
import { inputText } from './input-text.js';
import { moneyStringSchema } from './money.js';
import { balanceSchema, requestIdSchema } from './wallet.js';

/** Operator staff: their own sessions (the `x-admin-token` header, never a member session) and tools. */

export const adminLoginBodySchema = z.object({
  username: inputText(64),
  password: inputText(255),
  /** the current code of the admin's authenticator app, when the admin has a second factor */
  otp: inputText(6)
    .regex(/^\d{6}$/, '6 digits')
    .optional(),
  /** a solved GET /wps/captcha, once the account has had several recent failed logins */
  captchaId: inputText(64).optional(),
  captcha: inputText(16).optional(),
});
export const adminRoleSchema = z.enum(adminRoles);
export const adminSessionSchema = z.object({
  token: z.string(),
  username: z.string(),
  roles: z.array(adminRoleSchema),
});
/** The signed-in staff member, as the back office shows them. */
export const adminMeSchema = z.object({
  username: z.string(),
  roles: z.array(adminRoleSchema),
  totpEnrolled: z.boolean(),
  /** when the session ends however busy (the shift), and after how long without a call */
  expiresAt: z.string(),
  idleMinutes: z.number().int(),
});
export const adminSignInSchema = z.object({
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** live, ended (logged out or ended by an owner), expired (shift over or idle) */
  state: z.enum(['live', 'ended', 'expired']),
  current: z.boolean(),
});
export const endedSessionsSchema = z.object({ endedSessions: z.number().int() });
export const totpEnrolmentSchema = z.object({
  /** otpauth:// URI for the QR code; shown once, made the second factor by the first code from it */
  uri: z.string(),
  secret: z.string(),
});
export const totpConfirmBodySchema = z.object({
  otp: inputText(6).regex(/^\d{6}$/, '6 digits'),
});

const staffUsernameSchema = inputText(32)
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_.-]{2,31}$/, '3 to 32 lowercase letters, digits, _ . or -');
const staffRolesSchema = z
  .array(adminRoleSchema)
  .min(1, 'at least one role')
  .max(adminRoles.length)
  .refine((roles) => new Set(roles).size === roles.length, 'each role once');
export const staffSchema = z.object({
  username: z.string(),
  roles: z.array(adminRoleSchema),
  active: z.boolean(),
  totpEnrolled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export const staffListQuerySchema = adminListQuerySchema.extend({
  q: inputText(32).optional(),
});
export const createStaffBodySchema = z.object({
  username: staffUsernameSchema,
  roles: staffRolesSchema,
  password: inputText(255).min(10, 'at least 10 characters'),
});
export const updateStaffBodySchema = z
  .object({
    roles: staffRolesSchema.optional(),
    active: z.boolean().optional(),
    /** a new password ends the staff member's sessions */
    password: inputText(255).min(10, 'at least 10 characters').optional(),
    /** ends every session of the staff member now */
    endSessions: z.literal(true).optional(),
    reason: inputText(500, { multiline: true }).trim().min(2),
  })
  .refine(
    (body) =>
      body.roles !== undefined ||
      body.active !== undefined ||
      body.password !== undefined ||
      body.endSessions !== undefined,
    'change at least one thing',
  );
export const staffParamsSchema = z.object({ username: staffUsernameSchema });

export const adjustBalanceBodySchema = z.object({
  /** signed: a credit is positive, a debit negative */
  amount: moneyStringSchema.refine((text) => !/^-?0(\.0{1,2})?$/.test(text), 'must not be zero'),
  reason: inputText(500, { multiline: true }).trim().min(2),
  requestId: requestIdSchema,
});
export const memberAccountParamsSchema = z.object({ account: inputText(20).regex(/^\d{6,20}$/) });

/** A decision waiting for a second member of staff (four-eyes, settings staff.fourEyes). */
export const approvalStates = ['pending', 'confirmed', 'rejected'] as const;
export const approvalKinds = ['adjustment', 'bonus'] as const;
export const staffApprovalSchema = z.object({
  id: z.string(),
  /** adjustment: a manual balance correction; bonus: a bonus granted by staff (Players -> Actions) */
  kind: z.enum(approvalKinds),
  memberAccount: z.string(),
  /** signed money string: a credit is positive */
  amount: z.string(),
  /** a bonus's turnover requirement as a multiple of its amount; null for an adjustment */
  turnoverMultiple: z.number().nullable(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  state: z.enum(approvalStates),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type StaffApproval = z.infer<typeof staffApprovalSchema>;
export const approvalsQuerySchema = adminListQuerySchema.extend({
  state: z.enum(approvalStates).optional(),
});
export const approvalParamsSchema = z.object({ id: inputText(40).regex(/^[A-Za-z0-9_-]{4,40}$/) });
export const adjustmentAnswerSchema = balanceSchema.extend({
  /** set when the amount is above staff.fourEyes.adjustment: nothing moved yet, a second member confirms */
  approval: staffApprovalSchema.nullable(),
});

/** Every role: what any signed-in staff member may do with their own session. */
const anyStaff = { admin: adminRoles } as const;
const owners = { admin: ['owner'] } as const;

export const adminCalls = {
  adminLogin: call({
    method: 'POST',
    path: '/wps/admin/session/login',
    access: 'public',
    body: adminLoginBodySchema,
    response: adminSessionSchema,
  }),
  adminMe: call({
    method: 'GET',
    path: '/wps/admin/session',
    access: anyStaff,
    response: adminMeSchema,
  }),
  adminLogout: call({
    method: 'POST',
    path: '/wps/admin/session/logout',
    access: anyStaff,
    response: endedSessionsSchema,
  }),
  adminLogoutEverywhere: call({
    method: 'POST',
    path: '/wps/admin/session/logout-everywhere',
    access: anyStaff,
    response: endedSessionsSchema,
  }),
  adminSignIns: call({
    method: 'GET',
    path: '/wps/admin/session/sign-ins',
    access: anyStaff,
    response: z.array(adminSignInSchema),
  }),
  adminTotpStart: call({
    method: 'POST',
    path: '/wps/admin/session/totp',
    access: anyStaff,
    response: totpEnrolmentSchema,
  }),
  adminTotpConfirm: call({
    method: 'POST',
    path: '/wps/admin/session/totp/confirm',
    access: anyStaff,
    body: totpConfirmBodySchema,
    response: adminMeSchema,
  }),
  adminStaffList: call({
    method: 'GET',
    path: '/wps/admin/staff',
    access: owners,
    query: staffListQuerySchema,
    response: adminPageSchema(staffSchema),
  }),
  adminStaffCreate: call({
    method: 'POST',
    path: '/wps/admin/staff',
    access: owners,
    body: createStaffBodySchema,
    response: staffSchema,
  }),
  adminStaffUpdate: call({
    method: 'PUT',
    path: '/wps/admin/staff/:username',
    access: owners,
    params: staffParamsSchema,
    body: updateStaffBodySchema,
    response: staffSchema.extend({ endedSessions: z.number().int() }),
  }),
  adminAdjustBalance: call({
    method: 'POST',
    path: '/wps/admin/members/:account/adjust',
    access: { admin: ['owner', 'finance'] },
    params: memberAccountParamsSchema,
    body: adjustBalanceBodySchema,
    response: adjustmentAnswerSchema,
  }),
  adminApprovals: call({
    method: 'GET',
    path: '/wps/admin/approvals',
    access: { admin: ['owner', 'finance'] },
    query: approvalsQuerySchema,
    response: adminPageSchema(staffApprovalSchema),
  }),
  /** by a member of staff other than the one who asked: the decision is carried out */
  adminApprovalConfirm: call({
    method: 'POST',
    path: '/wps/admin/approvals/:id/confirm',
    access: { admin: ['owner', 'finance'] },
    params: approvalParamsSchema,
    response: staffApprovalSchema,
  }),
  adminApprovalReject: call({
    method: 'POST',
    path: '/wps/admin/approvals/:id/reject',
    access: { admin: ['owner', 'finance'] },
    params: approvalParamsSchema,
    body: z.object({ reason: inputText(500, { multiline: true }).trim().min(2) }),
    response: staffApprovalSchema,
  }),
};
