import { z } from 'zod';
import {
  dialingCodeSchema,
  emptySchema,
  loginResultSchema,
  loginUserSchema,
  smsSendSchema,
  smsSentSchema,
} from './auth.js';
import { call } from './call.js';
import { inputText } from './input-text.js';

/** The member's own account: profile, avatar, unread count, password change and password reset. */

const text = (max: number) => inputText(max);
const optionalText = (max: number) => inputText(max).optional();

export const changePasswordBodySchema = z.object({
  oldPassword: text(255),
  newPassword: text(255),
  confirmNewPassword: text(255),
});
export const forgotByEmailBodySchema = z.object({ username: text(255), email: text(255) });
export const resetByLinkBodySchema = z.object({
  token: text(128),
  newPassword: text(255),
  confirmNewPassword: text(255),
});
export const resetByPhoneBodySchema = z.object({
  mobileNum: text(32),
  countryDialingCode: dialingCodeSchema,
  verificationCode: text(255),
  newPassword: text(255),
  confirmNewPassword: text(255),
});

export const memberInfoSchema = loginUserSchema.extend({
  /** masked */
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  /** masked */
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  referralCode: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const updateProfileBodySchema = z.object({
  nickname: optionalText(64),
  email: optionalText(255),
});

export const avatarSchema = z.object({ avatarUrl: z.string() });
export const unreadSchema = z.object({ count: z.number().int().min(0) });

export const memberCalls = {
  changePassword: call({
    method: 'POST',
    path: '/wps/member/password',
    access: 'member-real',
    body: changePasswordBodySchema,
    response: emptySchema,
  }),
  /** form-encoded, as SPEC section 7 says */
  forgotByEmail: call({
    method: 'POST',
    path: '/wps/member/password/email',
    access: 'public',
    encoding: 'application/x-www-form-urlencoded',
    body: forgotByEmailBodySchema,
    response: emptySchema,
  }),
  resetByLink: call({
    method: 'POST',
    path: '/wps/member/password/reset',
    access: 'public',
    body: resetByLinkBodySchema,
    response: emptySchema,
  }),
  resetSms: call({
    method: 'POST',
    path: '/wps/verification/sms/password',
    access: 'public',
    body: smsSendSchema,
    response: smsSentSchema,
  }),
  resetByPhone: call({
    method: 'POST',
    path: '/wps/member/password/verification',
    access: 'public',
    body: resetByPhoneBodySchema,
    response: loginResultSchema,
  }),
  memberInfo: call({ method: 'GET', path: '/wps/member/info', access: 'member', response: memberInfoSchema }),
  updateProfile: call({
    method: 'PUT',
    path: '/wps/member/info',
    access: 'member-real',
    body: updateProfileBodySchema,
    response: memberInfoSchema,
  }),
  /** multipart/form-data with one file field `icon` (png or jpg) */
  uploadAvatar: call({
    method: 'POST',
    path: '/wps/member/info/icon',
    access: 'member-real',
    encoding: 'multipart/form-data',
    response: avatarSchema,
  }),
  unread: call({ method: 'GET', path: '/wps/member/unread', access: 'member', response: unreadSchema }),
};
