import { z } from 'zod';
import { routes, type CallName, type RouteDefinition } from './routes.js';
import {
  adjustBalanceBodySchema,
  adminDepositSchema,
  adminLoginBodySchema,
  adminSessionSchema,
  adminWithdrawalSchema,
  approveWithdrawalBodySchema,
  balanceSchema,
  bankAccountSchema,
  bindBankAccountBodySchema,
  channelSchema,
  confirmReceiptBodySchema,
  createDepositBodySchema,
  createdDepositSchema,
  createWithdrawalBodySchema,
  decisionReasonBodySchema,
  depositSchema,
  idParamsSchema,
  memberAccountParamsSchema,
  recordQuerySchema,
  setPaymentPasswordBodySchema,
  transactionQuerySchema,
  transactionSchema,
  turnoverSchema,
  withdrawalSchema,
  withdrawInfoSchema,
} from './wallet.js';
import {
  affiliateCheckSchema,
  affiliateQuerySchema,
  avatarSchema,
  captchaSchema,
  changePasswordBodySchema,
  countryListSchema,
  emptySchema,
  forgotByEmailBodySchema,
  handoffSchema,
  redeemHandoffBodySchema,
  loginBodySchema,
  loginResultSchema,
  loginV2BodySchema,
  memberInfoSchema,
  outboxMessageSchema,
  outboxQuerySchema,
  registerBodySchema,
  registerMobileBodySchema,
  resetByLinkBodySchema,
  resetByPhoneBodySchema,
  smsSendSchema,
  smsSentSchema,
  unreadSchema,
  updateProfileBodySchema,
  verifyLoginBodySchema,
  verifyLoginSmsBodySchema,
} from './auth.js';
import {
  announcementQuerySchema,
  announcementSchema,
  bannerQuerySchema,
  bannerSchema,
  pageSchema,
  promotionDetailSchema,
  promotionParamsSchema,
  promotionQuerySchema,
  promotionSchema,
} from './content.js';
import { vendorListSchema } from './game.js';
import {
  domainRouteSchema,
  helpCenterSchema,
  languageQuerySchema,
  permissionQuerySchema,
  permissionSchema,
  systemStatusSchema,
} from './system.js';
import { whitelabelSchema } from './settings.js';
import { registerSettingsSchema } from './system.js';

export interface CallDefinition extends RouteDefinition {
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** schema of `value` in a successful envelope */
  response: z.ZodType;
}

interface CallSchemas {
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}
const call = <const R extends RouteDefinition, const S extends CallSchemas>(where: R, schemas: S): R & S => ({
  ...where,
  ...schemas,
});

/** Every call by name: its route (routes.ts) with the schemas of its input and of its answer. */
export const api = {
  systemStatus: call(routes.systemStatus, { response: systemStatusSchema }),
  permission: call(routes.permission, { query: permissionQuerySchema, response: permissionSchema }),
  whitelabel: call(routes.whitelabel, { response: whitelabelSchema }),
  registerSettings: call(routes.registerSettings, { response: registerSettingsSchema }),
  domainRoute: call(routes.domainRoute, { response: domainRouteSchema }),
  helpCenter: call(routes.helpCenter, { query: languageQuerySchema, response: helpCenterSchema }),
  banners: call(routes.banners, { query: bannerQuerySchema, response: z.array(bannerSchema) }),
  announcements: call(routes.announcements, {
    query: announcementQuerySchema,
    response: pageSchema(announcementSchema),
  }),
  promotions: call(routes.promotions, { query: promotionQuerySchema, response: z.array(promotionSchema) }),
  promotionDetail: call(routes.promotionDetail, {
    params: promotionParamsSchema,
    query: z.object({ language: languageQuerySchema.shape.language }),
    response: promotionDetailSchema,
  }),
  gameVendors: call(routes.gameVendors, { response: vendorListSchema }),
  captcha: call(routes.captcha, { response: captchaSchema }),
  countries: call(routes.countries, { response: countryListSchema }),
  affiliateCheck: call(routes.affiliateCheck, {
    query: affiliateQuerySchema,
    response: affiliateCheckSchema,
  }),
  registerSms: call(routes.registerSms, { body: smsSendSchema, response: smsSentSchema }),
  register: call(routes.register, { body: registerBodySchema, response: loginResultSchema }),
  registerMobile: call(routes.registerMobile, {
    body: registerMobileBodySchema,
    response: loginResultSchema,
  }),
  login: call(routes.login, { body: loginBodySchema, response: loginResultSchema }),
  loginV2: call(routes.loginV2, { body: loginV2BodySchema, response: loginResultSchema }),
  loginSms: call(routes.loginSms, { body: smsSendSchema, response: smsSentSchema }),
  freePlay: call(routes.freePlay, { response: loginResultSchema }),
  verifyLogin: call(routes.verifyLogin, { body: verifyLoginBodySchema, response: loginResultSchema }),
  verifyLoginSms: call(routes.verifyLoginSms, { body: verifyLoginSmsBodySchema, response: smsSentSchema }),
  logout: call(routes.logout, { response: emptySchema }),
  createHandoff: call(routes.createHandoff, { response: handoffSchema }),
  redeemHandoff: call(routes.redeemHandoff, { body: redeemHandoffBodySchema, response: loginResultSchema }),
  changePassword: call(routes.changePassword, { body: changePasswordBodySchema, response: emptySchema }),
  forgotByEmail: call(routes.forgotByEmail, { body: forgotByEmailBodySchema, response: emptySchema }),
  resetByLink: call(routes.resetByLink, { body: resetByLinkBodySchema, response: emptySchema }),
  resetSms: call(routes.resetSms, { body: smsSendSchema, response: smsSentSchema }),
  resetByPhone: call(routes.resetByPhone, { body: resetByPhoneBodySchema, response: loginResultSchema }),
  memberInfo: call(routes.memberInfo, { response: memberInfoSchema }),
  updateProfile: call(routes.updateProfile, { body: updateProfileBodySchema, response: memberInfoSchema }),
  uploadAvatar: call(routes.uploadAvatar, { response: avatarSchema }),
  unread: call(routes.unread, { response: unreadSchema }),
  devOutbox: call(routes.devOutbox, { query: outboxQuerySchema, response: z.array(outboxMessageSchema) }),
  balance: call(routes.balance, { response: balanceSchema }),
  transactions: call(routes.transactions, {
    query: transactionQuerySchema,
    response: pageSchema(transactionSchema),
  }),
  bonuses: call(routes.bonuses, { query: recordQuerySchema, response: pageSchema(transactionSchema) }),
  turnover: call(routes.turnover, { response: turnoverSchema }),
  channels: call(routes.channels, { response: z.array(channelSchema) }),
  createDeposit: call(routes.createDeposit, {
    body: createDepositBodySchema,
    response: createdDepositSchema,
  }),
  deposits: call(routes.deposits, { query: recordQuerySchema, response: pageSchema(depositSchema) }),
  uploadDepositProof: call(routes.uploadDepositProof, { params: idParamsSchema, response: depositSchema }),
  bankAccounts: call(routes.bankAccounts, { response: z.array(bankAccountSchema) }),
  bindBankAccount: call(routes.bindBankAccount, {
    body: bindBankAccountBodySchema,
    response: bankAccountSchema,
  }),
  setPaymentPassword: call(routes.setPaymentPassword, {
    body: setPaymentPasswordBodySchema,
    response: emptySchema,
  }),
  withdrawInfo: call(routes.withdrawInfo, { response: withdrawInfoSchema }),
  createWithdrawal: call(routes.createWithdrawal, {
    body: createWithdrawalBodySchema,
    response: withdrawalSchema,
  }),
  withdrawals: call(routes.withdrawals, { query: recordQuerySchema, response: pageSchema(withdrawalSchema) }),
  confirmReceipt: call(routes.confirmReceipt, {
    params: idParamsSchema,
    body: confirmReceiptBodySchema,
    response: withdrawalSchema,
  }),
  reportNotReceived: call(routes.reportNotReceived, { params: idParamsSchema, response: withdrawalSchema }),
  adminLogin: call(routes.adminLogin, { body: adminLoginBodySchema, response: adminSessionSchema }),
  adminDeposits: call(routes.adminDeposits, {
    query: recordQuerySchema,
    response: pageSchema(adminDepositSchema),
  }),
  adminConfirmDeposit: call(routes.adminConfirmDeposit, {
    params: idParamsSchema,
    response: adminDepositSchema,
  }),
  adminRejectDeposit: call(routes.adminRejectDeposit, {
    params: idParamsSchema,
    body: decisionReasonBodySchema,
    response: adminDepositSchema,
  }),
  adminWithdrawals: call(routes.adminWithdrawals, {
    query: recordQuerySchema,
    response: pageSchema(adminWithdrawalSchema),
  }),
  adminApproveWithdrawal: call(routes.adminApproveWithdrawal, {
    params: idParamsSchema,
    body: approveWithdrawalBodySchema,
    response: adminWithdrawalSchema,
  }),
  adminRejectWithdrawal: call(routes.adminRejectWithdrawal, {
    params: idParamsSchema,
    body: decisionReasonBodySchema,
    response: adminWithdrawalSchema,
  }),
  adminAdjustBalance: call(routes.adminAdjustBalance, {
    params: memberAccountParamsSchema,
    body: adjustBalanceBodySchema,
    response: balanceSchema,
  }),
} as const satisfies Record<CallName, CallDefinition>;
export type Api = typeof api;
export type { CallName };
export type ResponseOf<N extends CallName> = z.infer<Api[N]['response']>;
