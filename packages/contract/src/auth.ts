import { z } from 'zod';
import { call } from './call.js';
import { inputText } from './input-text.js';
import { verificationMethods } from './constants.js';

/**
 * Accounts and sessions (SPEC sections 3, 4, 6, 7). Field rules for the ruled fields come from
 * GET /wps/system/setting/register and are checked by validateFields on both sides; the schemas here
 * only bound sizes so that a 100 KB string is refused before any rule runs.
 */

const text = (max: number) => inputText(max);
const optionalText = (max: number) => inputText(max).optional();

export const accountTypeSchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(4),
  z.literal(41),
  z.literal(42),
]);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const captchaSchema = z.object({
  captchaId: z.string(),
  /** base64 PNG, without a data: prefix */
  image: z.string(),
});
export type Captcha = z.infer<typeof captchaSchema>;

const captchaAnswer = {
  captchaId: optionalText(64),
  captcha: optionalText(16),
};

export const dialingCodeSchema = inputText(4).regex(/^\d{1,4}$/, 'digits only, 1 to 4');
export const countrySchema = z.object({ countryCode: z.string(), countryDialingCode: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.object({
  countries: z.array(countrySchema),
  /** the visitor's country when known, else the operator's default */
  defaultCountryCode: z.string(),
});

export const affiliateQuerySchema = z.object({ code: text(64), domain: optionalText(253) });
export const affiliateCheckSchema = z.object({ valid: z.boolean() });

export const smsSendSchema = z.object({
  countryDialingCode: dialingCodeSchema,
  mobileNo: text(32),
  ...captchaAnswer,
});
export const smsSentSchema = z.object({
  /** the code lives this long; the send button waits 60 s per minute (SPEC section 4) */
  expiredMinutes: z.number().int().positive(),
});

/** Registration by username (PUT /wps/member/register); ruled fields are checked by the field rules. */
export const registerBodySchema = z.object({
  username: text(255),
  password: text(255),
  confirmPassword: text(255),
  payeeName: optionalText(255),
  paymentPassword: optionalText(255),
  qqNum: optionalText(255),
  line: optionalText(255),
  whatsapp: optionalText(255),
  zalo: optionalText(255),
  facebook: optionalText(255),
  wechat: optionalText(255),
  idNumber: optionalText(255),
  email: optionalText(255),
  mobileNum: optionalText(255),
  affiliateCode: optionalText(255),
  recommenderId: optionalText(255),
  ...captchaAnswer,
  verificationCode: optionalText(255),
  countryDialingCode: dialingCodeSchema.optional(),
  referralCode: optionalText(64),
  domain: optionalText(253),
  registerUrl: optionalText(2000),
  registerMethod: z.literal('WEB').default('WEB'),
  /** the new member is logged in at once (SPEC section 4) */
  login: z.literal(true).default(true),
  ageConfirmed: z.boolean(),
  agreed: z.boolean(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** Registration by mobile (PUT /wps/member/register/mobile): the username becomes the mobile number. */
export const registerMobileBodySchema = registerBodySchema.extend({
  username: optionalText(255),
  mobileNum: text(32),
  countryDialingCode: dialingCodeSchema,
  verificationCode: text(255),
  /** only when MOBILENUMPASSREG3 is on; otherwise the member logs in by SMS code */
  password: optionalText(255),
  confirmPassword: optionalText(255),
});
export type RegisterMobileBody = z.input<typeof registerMobileBodySchema>;

export const clubLabelSchema = z.object({
  labelName: z.string(),
  color: z.string(),
  color2: z.string(),
  rankLevel: z.number().int(),
});

/** What the site keeps about the logged-in member (SPEC section 3, login user info). */
export const loginUserSchema = z.object({
  /** public id */
  id: z.string(),
  userName: z.string(),
  /** account number; for mobile registration the generated one shown after sign-up */
  account: z.string(),
  nickname: z.string().nullable(),
  type: accountTypeSchema,
  /** the upline agent's account, if any */
  toUpline: z.string().nullable(),
  clubLabel: clubLabelSchema,
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
});
export type LoginUser = z.infer<typeof loginUserSchema>;

export const verificationMethodSchema = z.enum(verificationMethods);

/**
 * A login either grants a session, or (from an address the member never used) asks for one more proof
 * before it does.
 */
export const loginResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    token: z.string(),
    user: loginUserSchema,
    /** open the change-password dialog: expired with PWDEXPFORCECHANGE3, or the operator's default password */
    mustChangePassword: z.boolean(),
  }),
  z.object({
    status: z.literal('verify'),
    challengeId: z.string(),
    methods: z.array(verificationMethodSchema).min(1),
    /** masked, e.g. 88017****678, so the member knows where the code goes */
    maskedMobile: z.string().nullable(),
    maskedEmail: z.string().nullable(),
  }),
]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const loginBodySchema = z.object({
  username: text(255),
  password: text(255),
  ...captchaAnswer,
});
export const loginV2BodySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('username'), username: text(255), password: text(255), ...captchaAnswer }),
  z.object({
    type: z.literal('sms'),
    mobileNum: text(32),
    countryDialingCode: dialingCodeSchema,
    code: text(255),
    ...captchaAnswer,
  }),
]);
export type LoginV2Body = z.input<typeof loginV2BodySchema>;

export const verifyLoginBodySchema = z.object({
  challengeId: text(64),
  method: verificationMethodSchema,
  answer: text(255),
});
export const handoffSchema = z.object({ code: z.string(), expiresAt: z.string() });
export const redeemHandoffBodySchema = z.object({ code: text(200) });

export const verifyLoginSmsBodySchema = z.object({ challengeId: text(64) });

export const emptySchema = z.object({});

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxQuerySchema = z.object({ to: optionalText(255) });

/** Accounts and sessions: captcha, registration, login and its second step, hand-off, logout. */
export const authCalls = {
  captcha: call({ method: 'GET', path: '/wps/captcha', access: 'public', response: captchaSchema }),
  countries: call({
    method: 'GET',
    path: '/wps/system/countries',
    access: 'public',
    response: countryListSchema,
  }),
  affiliateCheck: call({
    method: 'GET',
    path: '/wps/agent/affiliate',
    access: 'public',
    query: affiliateQuerySchema,
    response: affiliateCheckSchema,
  }),
  registerSms: call({
    method: 'POST',
    path: '/wps/verification/sms/register',
    access: 'public',
    body: smsSendSchema,
    response: smsSentSchema,
  }),
  register: call({
    method: 'PUT',
    path: '/wps/member/register',
    access: 'public',
    body: registerBodySchema,
    response: loginResultSchema,
  }),
  registerMobile: call({
    method: 'PUT',
    path: '/wps/member/register/mobile',
    access: 'public',
    body: registerMobileBodySchema,
    response: loginResultSchema,
  }),
  login: call({
    method: 'POST',
    path: '/wps/session/login',
    access: 'public',
    body: loginBodySchema,
    response: loginResultSchema,
  }),
  loginV2: call({
    method: 'POST',
    path: '/wps/session/loginV2',
    access: 'public',
    body: loginV2BodySchema,
    response: loginResultSchema,
  }),
  loginSms: call({
    method: 'POST',
    path: '/wps/verification/sms/login',
    access: 'public',
    body: smsSendSchema,
    response: smsSentSchema,
  }),
  freePlay: call({
    method: 'POST',
    path: '/wps/session/login/freeplay',
    access: 'public',
    response: loginResultSchema,
  }),
  verifyLogin: call({
    method: 'POST',
    path: '/wps/session/verify',
    access: 'public',
    body: verifyLoginBodySchema,
    response: loginResultSchema,
  }),
  verifyLoginSms: call({
    method: 'POST',
    path: '/wps/session/verify/sms',
    access: 'public',
    body: verifyLoginSmsBodySchema,
    response: smsSentSchema,
  }),
  logout: call({ method: 'DELETE', path: '/wps/session/logout', access: 'member', response: emptySchema }),
  /** a one-time, 60-second code that opens this session's member in another tab or app (`/?token=`) */
  createHandoff: call({
    method: 'POST',
    path: '/wps/session/handoff',
    access: 'member',
    response: handoffSchema,
  }),
  redeemHandoff: call({
    method: 'POST',
    path: '/wps/session/handoff/redeem',
    access: 'public',
    body: redeemHandoffBodySchema,
    response: loginResultSchema,
  }),
  /** development only: what SMS and email would have been sent (404 in production) */
  devOutbox: call({
    method: 'GET',
    path: '/wps/dev/outbox',
    access: 'public',
    query: outboxQuerySchema,
    response: z.array(outboxMessageSchema),
  }),
};
