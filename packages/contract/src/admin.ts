import { z } from 'zod';
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
export const adminSessionSchema = z.object({
  token: z.string(),
  username: z.string(),
  role: z.enum(adminRoles),
});
export const adjustBalanceBodySchema = z.object({
  /** signed: a credit is positive, a debit negative */
  amount: moneyStringSchema.refine((text) => !/^-?0(\.0{1,2})?$/.test(text), 'must not be zero'),
  reason: inputText(500, { multiline: true }).trim().min(2),
  requestId: requestIdSchema,
});
export const memberAccountParamsSchema = z.object({ account: inputText(20).regex(/^\d{6,20}$/) });

export const adminCalls = {
  adminLogin: call({
    method: 'POST',
    path: '/wps/admin/session/login',
    access: 'public',
    body: adminLoginBodySchema,
    response: adminSessionSchema,
  }),
  adminAdjustBalance: call({
    method: 'POST',
    path: '/wps/admin/members/:account/adjust',
    access: { admin: ['owner', 'cashier'] },
    params: memberAccountParamsSchema,
    body: adjustBalanceBodySchema,
    response: balanceSchema,
  }),
};
