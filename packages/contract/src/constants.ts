/**
 * Plain values shared by both sides. This file and the others re-exported by client.ts import no zod,
 * so the web app's first load does not carry the schema library.
 */

export const errorCodes = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONFLICT',
  'RATE_LIMITED',
  'MAINTENANCE',
  'REGION_RESTRICTED',
  'MERCHANT_MISMATCH',
  'INTERNAL',
  // accounts and sessions
  'INVALID_CAPTCHA',
  'INVALID_CREDENTIALS',
  'INVALID_PASSWORD',
  'MEMBER_NO_ENTER',
  'ACCOUNT_LOCKED',
  'INVALID_VERIFICATION_CODE',
  'VERIFICATION_CODE_EXPIRED',
  'SMS_COOLDOWN',
  'DUPLICATE_USERNAME',
  'DUPLICATE_MOBILE',
  'INVALID_INVITATION_CODE',
  'NEED_REAL_ACCOUNT',
  'USER_EMAIL_NOT_FOUND',
  'RESET_LINK_INVALID',
  'FEATURE_DISABLED',
  // wallet and cashier
  'INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_CONFLICT',
  'INVALID_PAYMENT_PASSWORD',
  'PAYMENT_PASSWORD_REQUIRED',
  'TURNOVER_NOT_MET',
  'AMOUNT_OUT_OF_RANGE',
  'CHANNEL_UNAVAILABLE',
  'INVALID_STATE',
  'INVALID_SIGNATURE',
  'PAYEE_NAME_MISMATCH',
  // requests the server cannot take as sent
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'HANDOFF_INVALID',
  // operator staff
  'TOTP_REQUIRED',
  'TOTP_INVALID',
  'TOTP_SETUP_REQUIRED',
  'ADDRESS_NOT_ALLOWED',
  // transfer-model game vendors (transfer.ts)
  'VENDOR_REFUSED',
  'VENDOR_UNAVAILABLE',
  // engagement (issue 15)
  'CHAT_MUTED',
  'ALREADY_APPLIED',
  'ALREADY_CLAIMED',
  /** loyalty: fewer points than the conversion or redeem takes */
  'INSUFFICIENT_POINTS',
  /** the mall item has fewer pieces left than asked */
  'OUT_OF_STOCK',
  /** the member would pass the item's per-member limit */
  'REDEEM_LIMIT_REACHED',
  /** a withdrawal while a bonus's turnover requirement is open, under the operator's 'refuse' rule */
  'BONUS_TURNOVER_OPEN',
  /** the lottery period is past its cut-off (or not open yet) */
  'LOTTERY_CLOSED',
  /** a bet on the slip is not one the game takes (details: index on the slip, reason) */
  'LOTTERY_BET_INVALID',
  /** the bet would push a number's or the period's possible payout past the operator's cap */
  'PAYOUT_CAP_REACHED',
  // staff's suspensions of a member (the back office's Players -> Actions)
  /** a new bet of a member whose betting staff suspended (a bet already taken is never undone) */
  'BETTING_SUSPENDED',
  /** a new withdrawal of a member whose withdrawals staff suspended */
  'WITHDRAWALS_SUSPENDED',
] as const;

export const languageCodes = ['bn', 'en', 'zh', 'id', 'pt', 'th', 'vi'] as const;
export const DEFAULT_LANGUAGE = 'bn' as const;

export const systemStatusCodes = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

/** Whitelabel feature switches (SPEC section 3). */
export const whitelabelSwitches = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'USERNAMEREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'DIRECTREG3',
  'CHNGPASSVERIF3',
  'CBS3',
] as const;

export const resourceTypes = [
  'Android',
  'IOS',
  'MOBILECONFIG',
  'AFFILIATELINK',
  'SpeedTest',
  'SOCIAL',
] as const;
export const socialNames = ['Facebook', 'Instagram', 'Telegram', 'WhatsApp'] as const;

export const bannerGroups = [
  'w_home',
  'w_rng',
  'w_live',
  'w_fish',
  'w_pvp',
  'w_sports',
  'w_esports',
  'w_lott',
  'w_down',
  'w_promotion',
  'w_shop',
  'w_help',
  'w_reg',
  'w_inhouse',
] as const;

/**
 * The `sizes` of a banner <img>: the shell's banner strip is the viewport less its padding (8 px a side,
 * 24 px from 768 px), at most 1152 px. Also the `imagesizes` of the first banner's preload, which the
 * browser only matches when both say exactly the same.
 */
export const bannerImageSizes =
  '(min-width: 1200px) 1152px, (min-width: 768px) calc(100vw - 48px), calc(100vw - 16px)';
/** Rendition widths (px) made for a banner image (3:1) and a promotion image (12:5). */
export const bannerImageWidths = [480, 800, 1200, 1600] as const;
export const promotionImageWidths = [400, 800, 1200] as const;

/** NONE: not clickable; ROUTE: a path in this site; URL: an outside page in a new tab; PROMOTION: a promotion id. */
export const linkageTypes = ['NONE', 'ROUTE', 'URL', 'PROMOTION'] as const;

/** B: bulletin (marquee), PL: player notice, PU: popup, PR: promotion notice, H: help notice. */
export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
/** B: shown to everyone; L: shown only after login. */
export const announcementExecutions = ['B', 'L'] as const;
/** all: the site's public notices; agent: the agent centre's announcements, never in the public list. */
export const announcementAudiences = ['all', 'agent'] as const;

export const promotionCategories = [
  'new_player',
  'daily',
  'vip',
  'slots',
  'live',
  'sports',
  'lottery',
] as const;
/** ids of promotions, help sections and the like */
export const CONTENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Lobby categories, in the order the left bar shows them. */
export const gameCategories = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'] as const;

/** Header names the web app sends on every call. */
export const headers = {
  merchant: 'x-merchant-code',
  language: 'language',
  token: 'authorization',
  /** operator staff's session token; staff never use member sessions */
  adminToken: 'x-admin-token',
} as const;

/** SPEC section 6: 1, 2, 41, 42 are agent types; 4 is a trial (free play) account; 0 a plain member. */
export const accountTypes = {
  member: 0,
  agent: 1,
  seniorAgent: 2,
  trial: 4,
  agentMember: 41,
  seniorAgentMember: 42,
} as const;
const agentTypes: readonly number[] = [1, 2, 41, 42];
/** shows the agent centre */
export const isAgentType = (type: number): boolean => agentTypes.includes(type);
/** trial accounts play with demo money and may not do real-money actions or chat */
export const isTrialType = (type: number): boolean => type === accountTypes.trial;

/** Extra proof asked of a login from an address the member never used (SPEC section 4). */
export const verificationMethods = ['mobile', 'email', 'bankName', 'totp'] as const;

// Wallet and cashier
export const transactionTypes = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  'adjustment',
  'bonus',
  'demo_grant',
  'bet',
  'win',
  /** a game vendor's rollback of a bet, or a round closed by refund */
  'refund',
  /** main wallet to a transfer-model vendor's sub-wallet (transfer.ts) */
  'vendor_transfer_in',
  /** a transfer-model vendor's sub-wallet back to the main wallet */
  'vendor_transfer_out',
  /** a transfer in the vendor refused: the money back on the main wallet */
  'vendor_transfer_returned',
  /** an agent contract's dividend or wage, from the house's commission account (agent module) */
  'agent_commission',
  /** a member to its upline, or an agent to a direct downline (agent module) */
  'agent_transfer',
  /** the referral reward for an invited friend's first deposit (agent module) */
  'referral_reward',
] as const;
/** The agent centre's downline transaction details: what a team's money movement is. */
export const teamTransactionKinds = ['deposit', 'withdrawal', 'transfer'] as const;
export const channelKinds = ['bank_transfer', 'gateway'] as const;
export const depositStatuses = ['pending', 'credited', 'rejected', 'expired'] as const;
export const withdrawalStatuses = [
  'pending',
  'rejected',
  'paid',
  'received',
  'not_received',
  'auto_received',
] as const;
/** Staff roles (issue 27): a member of staff may hold several; owners manage staff. */
export const adminRoles = [
  'owner',
  'finance',
  'risk',
  'support',
  'content',
  'games',
  'agents',
  'analyst',
] as const;

// Realtime (WebSocket)
/** The WebSocket's path; the first message authenticates it (see realtime.ts). */
export const REALTIME_PATH = '/ws';
/** Close codes in the private range, so the client can tell why the server closed the socket. */
export const realtimeCloseCodes = {
  /** a message that is not JSON */
  badMessage: 4400,
  /** the first message was not a valid auth, or its token names no live session */
  unauthorized: 4401,
  /** the session ended while the socket was open (logout, password change, expiry, disabled) */
  sessionEnded: 4403,
  /** no auth message in time */
  authTimeout: 4408,
  /** the member opened more sockets than allowed: the oldest is closed */
  tooManyConnections: 4409,
} as const;

/** Our own games' vendor code (migration 0018): its games are pages of this site, not a vendor's frame. */
export const INHOUSE_VENDOR = 'INHOUSE';

/** The in-house games; each is `INHOUSE-<code>` in the catalogue and opens at /inhouse/<code>. */
export const inhouseGameCodes = ['slot', 'dice', 'crash'] as const;

/** The slot's bet is split equally over its 20 lines, so a bet is a whole number of minor units per line. */
export const SLOT_LINE_COUNT = 20;

/** The operator's choice of the slot's return to player: each variant has its own reel strips (ADR 026). */
export const slotRtpVariants = ['92', '94', '96', '97'] as const;

/** SPEC sections 3 and 4: the agent contract kinds, each switched on by its setting (agent.contracts.*). */
export const agentContractKinds = ['dividend', 'daily_wage', 'hourly_salary', 'realtime_salary'] as const;
/** SPEC section 9's periods; a dividend chooses one, wages are daily, salaries hourly or every 5 minutes. */
export const agentCycles = ['daily', 'weekly', 'semimonthly', 'monthly', 'hourly', 'five_minutes'] as const;
export const agentContractStatuses = ['offered', 'active', 'rejected', 'terminated'] as const;

/** Chat (issue 15): the longest message a member may send. */
export const CHAT_TEXT_MAX = 500;
/** Feedback (issue 15; SPEC section 7 PUT /wps/feedback). */
export const feedbackCategories = [
  'deposit',
  'withdrawal',
  'game',
  'account',
  'promotion',
  'suggestion',
  'other',
] as const;
export const FEEDBACK_TEXT_MAX = 1_000;
/** SPEC sections 5 and 9: an application's or feedback's images: png or jpg, at most 5 MB each, at most 3. */
export const UPLOAD_IMAGES_MAX = 3;
export const UPLOAD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** SPEC section 5: an activity application's comment. */
export const APPLICATION_COMMENT_MAX = 140;

/** The most periods a lottery follow (chained) bet may cover, the open one included (ADR 062). */
export const LOTTERY_FOLLOW_MAX_PERIODS = 50;
