/**
 * Where each call lives: method, path and whether it needs a session. Schemas for the same names are in
 * api.ts; this table carries no zod so the web app can import it without the schema library.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a call's body is encoded; a body sent any other way is refused (415 UNSUPPORTED_MEDIA_TYPE). */
export type BodyEncoding = 'application/json' | 'application/x-www-form-urlencoded' | 'multipart/form-data';

export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  /** needs a session token (T in SPEC section 7) */
  auth: boolean;
  /** the body's encoding; JSON when not named */
  encoding?: BodyEncoding;
}

const route = <const R extends RouteDefinition>(definition: R): R => definition;

/** Paths follow SPEC section 7; where it shows none, the path is chosen here under the same prefixes. */
export const routes = {
  systemStatus: route({ method: 'GET', path: '/wps/system/status', auth: false }),
  permission: route({ method: 'GET', path: '/wps/system/permission', auth: false }),
  whitelabel: route({ method: 'GET', path: '/wps/system/whitelabel', auth: false }),
  registerSettings: route({ method: 'GET', path: '/wps/system/setting/register', auth: false }),
  domainRoute: route({ method: 'GET', path: '/wps/system/domainRoute', auth: false }),
  helpCenter: route({ method: 'GET', path: '/wps/system/helpCenter', auth: false }),
  banners: route({ method: 'GET', path: '/wps/content/banners', auth: false }),
  announcements: route({ method: 'GET', path: '/wps/announcements/v2', auth: false }),
  promotions: route({ method: 'GET', path: '/wps/promotions', auth: false }),
  promotionDetail: route({ method: 'GET', path: '/wps/promotions/:id', auth: false }),
  gameVendors: route({ method: 'GET', path: '/wps/game/vendors', auth: false }),
  // accounts and sessions
  captcha: route({ method: 'GET', path: '/wps/captcha', auth: false }),
  countries: route({ method: 'GET', path: '/wps/system/countries', auth: false }),
  affiliateCheck: route({ method: 'GET', path: '/wps/agent/affiliate', auth: false }),
  registerSms: route({ method: 'POST', path: '/wps/verification/sms/register', auth: false }),
  register: route({ method: 'PUT', path: '/wps/member/register', auth: false }),
  registerMobile: route({ method: 'PUT', path: '/wps/member/register/mobile', auth: false }),
  login: route({ method: 'POST', path: '/wps/session/login', auth: false }),
  loginV2: route({ method: 'POST', path: '/wps/session/loginV2', auth: false }),
  loginSms: route({ method: 'POST', path: '/wps/verification/sms/login', auth: false }),
  freePlay: route({ method: 'POST', path: '/wps/session/login/freeplay', auth: false }),
  verifyLogin: route({ method: 'POST', path: '/wps/session/verify', auth: false }),
  verifyLoginSms: route({ method: 'POST', path: '/wps/session/verify/sms', auth: false }),
  logout: route({ method: 'DELETE', path: '/wps/session/logout', auth: true }),
  /** a one-time, 60-second code that opens this session's member in another tab or app (`/?token=`) */
  createHandoff: route({ method: 'POST', path: '/wps/session/handoff', auth: true }),
  redeemHandoff: route({ method: 'POST', path: '/wps/session/handoff/redeem', auth: false }),
  changePassword: route({ method: 'POST', path: '/wps/member/password', auth: true }),
  /** form-encoded, as SPEC section 7 says */
  forgotByEmail: route({
    method: 'POST',
    path: '/wps/member/password/email',
    auth: false,
    encoding: 'application/x-www-form-urlencoded',
  }),
  resetByLink: route({ method: 'POST', path: '/wps/member/password/reset', auth: false }),
  resetSms: route({ method: 'POST', path: '/wps/verification/sms/password', auth: false }),
  resetByPhone: route({ method: 'POST', path: '/wps/member/password/verification', auth: false }),
  memberInfo: route({ method: 'GET', path: '/wps/member/info', auth: true }),
  updateProfile: route({ method: 'PUT', path: '/wps/member/info', auth: true }),
  /** multipart/form-data with one file field `icon` (png or jpg) */
  uploadAvatar: route({
    method: 'POST',
    path: '/wps/member/info/icon',
    auth: true,
    encoding: 'multipart/form-data',
  }),
  unread: route({ method: 'GET', path: '/wps/member/unread', auth: true }),
  /** development only: what SMS and email would have been sent */
  devOutbox: route({ method: 'GET', path: '/wps/dev/outbox', auth: false }),
  // wallet and cashier
  balance: route({ method: 'GET', path: '/wps/v2/wallets/balance', auth: true }),
  transactions: route({ method: 'GET', path: '/wps/wallet/transactions', auth: true }),
  bonuses: route({ method: 'GET', path: '/wps/wallet/bonuses', auth: true }),
  turnover: route({ method: 'GET', path: '/wps/wallet/turnover', auth: true }),
  channels: route({ method: 'GET', path: '/wps/cashier/channels', auth: true }),
  createDeposit: route({ method: 'POST', path: '/wps/cashier/deposits', auth: true }),
  deposits: route({ method: 'GET', path: '/wps/cashier/deposits', auth: true }),
  /** multipart/form-data with one file field `proof` (png or jpg, at most 5 MB) */
  uploadDepositProof: route({
    method: 'POST',
    path: '/wps/cashier/deposits/:id/proof',
    auth: true,
    encoding: 'multipart/form-data',
  }),
  bankAccounts: route({ method: 'GET', path: '/wps/cashier/bank-accounts', auth: true }),
  bindBankAccount: route({ method: 'POST', path: '/wps/cashier/bank-accounts', auth: true }),
  setPaymentPassword: route({ method: 'POST', path: '/wps/cashier/payment-password', auth: true }),
  withdrawInfo: route({ method: 'GET', path: '/wps/cashier/withdraw-info', auth: true }),
  createWithdrawal: route({ method: 'POST', path: '/wps/cashier/withdrawals', auth: true }),
  withdrawals: route({ method: 'GET', path: '/wps/cashier/withdrawals', auth: true }),
  confirmReceipt: route({ method: 'POST', path: '/wps/cashier/withdrawals/:id/received', auth: true }),
  /** multipart/form-data with one file field `proof` (png or jpg, at most 5 MB) */
  reportNotReceived: route({
    method: 'POST',
    path: '/wps/cashier/withdrawals/:id/not-received',
    auth: true,
    encoding: 'multipart/form-data',
  }),
  // operator staff (their own sessions: `x-admin-token` header, not member sessions)
  adminLogin: route({ method: 'POST', path: '/wps/admin/session/login', auth: false }),
  adminDeposits: route({ method: 'GET', path: '/wps/admin/deposits', auth: false }),
  adminConfirmDeposit: route({ method: 'POST', path: '/wps/admin/deposits/:id/confirm', auth: false }),
  adminRejectDeposit: route({ method: 'POST', path: '/wps/admin/deposits/:id/reject', auth: false }),
  adminWithdrawals: route({ method: 'GET', path: '/wps/admin/withdrawals', auth: false }),
  adminApproveWithdrawal: route({ method: 'POST', path: '/wps/admin/withdrawals/:id/approve', auth: false }),
  adminRejectWithdrawal: route({ method: 'POST', path: '/wps/admin/withdrawals/:id/reject', auth: false }),
  adminAdjustBalance: route({ method: 'POST', path: '/wps/admin/members/:account/adjust', auth: false }),
} as const;
export type Routes = typeof routes;
export type CallName = keyof Routes;

/** Calls that still answer during maintenance and to restricted visitors, so the site can say why. */
export const alwaysAvailablePaths: readonly string[] = [routes.systemStatus.path];
