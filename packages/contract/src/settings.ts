import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { resourceTypes, SLOT_LINE_COUNT, slotRtpVariants, whitelabelSwitches } from './constants.js';
import { fieldRulesSchema } from './field-rules.js';
import { languageSchema } from './languages.js';
import { moneyStringSchema } from './money.js';

/** An IPv4 or IPv6 address, or a CIDR block of either. */
export function isCidr(text: string): boolean {
  try {
    if (text.includes('/')) ipaddr.parseCIDR(text);
    else ipaddr.parse(text);
    return true;
  } catch {
    return false;
  }
}

const nullableAmount = z
  .string()
  .regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/, 'an amount such as 50000 or 99.50')
  .nullable();

/** Whitelabel feature switches (SPEC section 3). */
export const whitelabelSchema = z.object(
  Object.fromEntries(whitelabelSwitches.map((name) => [name, z.boolean()])) as Record<
    (typeof whitelabelSwitches)[number],
    z.ZodBoolean
  >,
);
export type Whitelabel = z.infer<typeof whitelabelSchema>;

export const resourceSchema = z.object({
  resourceType: z.enum(resourceTypes),
  url: z.string().min(1).max(2000),
  qrCodeUrl: z.string().max(2000).nullable(),
  /** for SOCIAL: one of socialNames; otherwise a label such as Android */
  labelNameEn: z.string().min(1).max(100),
});
export type Resource = z.infer<typeof resourceSchema>;

export const customerServiceSchema = z.object({
  /** entries as SPEC section 7 describes; the site opens the one of type 3 */
  entries: z.array(z.object({ type: z.number().int(), url: z.string().min(1).max(2000) })),
  /** chosen instead when the member's rank level is above 4 */
  vipUrl: z.string().max(2000).nullable(),
});
export type CustomerService = z.infer<typeof customerServiceSchema>;

export const analyticsSchema = z.object({
  /** a script URL loaded at start-up when set; null loads nothing */
  scriptUrl: z.string().max(2000).nullable(),
  siteId: z.string().max(200).nullable(),
});

export const maintenanceSchema = z.object({
  enabled: z.boolean(),
  /** ISO 8601 instant, shown in the visitor's locale */
  endTime: z.iso.datetime({ offset: true }).nullable(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

export const regionRestrictionSchema = z.object({
  /** ISO 3166-1 alpha-2 country codes, upper case */
  blockedCountries: z.array(z.string().regex(/^[A-Z]{2}$/)),
  /** CIDR ranges or single addresses, IPv4 or IPv6 */
  blockedIpRanges: z.array(z.string().min(2).max(64)),
});
export type RegionRestriction = z.infer<typeof regionRestrictionSchema>;

const localeTagSchema = z
  .string()
  .min(2)
  .max(35)
  .refine((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  }, 'a BCP 47 locale, e.g. bn-BD');

/**
 * The deployment's one currency (ISO 4217, e.g. BDT) and, per language, the locale whose digits and
 * grouping amounts are shown with (bn-BD: ১২,৩৪,৫৬৭.৫০৳, lakh grouping).
 */
export const currencySettingSchema = z.object({
  code: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .refine((code) => Intl.supportedValuesOf('currency').includes(code), 'an ISO 4217 currency code'),
  locales: z.object({ bn: localeTagSchema, en: localeTagSchema }),
});
export type CurrencySetting = z.infer<typeof currencySettingSchema>;

/** The welcome promotion's offer, shown on the registration page while it is on. */
export const welcomeBonusSettingSchema = z.object({
  enabled: z.boolean(),
  /** the bonus as a share of the first deposit */
  percent: z.number().int().min(1).max(1000),
  /** the most it pays, a decimal string */
  upTo: moneyStringSchema.refine((text) => !text.startsWith('-'), 'not negative'),
});
/** The reload bonus (rewards module): a share of a deposit that is not the first, once per site day. */
export const reloadBonusSettingSchema = z.object({
  enabled: z.boolean(),
  percent: z.number().int().min(1).max(1000),
  upTo: moneyStringSchema.refine((text) => !text.startsWith('-'), 'not negative'),
  /** the smallest deposit that earns it */
  minDeposit: moneyStringSchema.refine((text) => !text.startsWith('-'), 'not negative'),
});
/** The daily rebate (cashback) on valid bets (rewards module), paid once per member and site day. */
export const rebateSettingSchema = z.object({
  enabled: z.boolean(),
  /** the rebate in basis points of the day's valid bet (50: 0.5%) */
  basisPoints: z.number().int().min(1).max(1000),
  /** the smallest valid bet of a day that earns one */
  minValidBet: moneyStringSchema.refine((text) => !text.startsWith('-'), 'not negative'),
  upTo: moneyStringSchema.refine((text) => !text.startsWith('-'), 'not negative'),
  /** valid bets required before a withdrawal, as a multiple of the rebate (0: none) */
  turnoverMultiple: z.number().int().min(0).max(100),
});
/** What a withdrawal does while a bonus's turnover requirement is open: refuse it, or forfeit the bonus. */
export const bonusWithdrawRules = ['refuse', 'forfeit'] as const;

/** What the site shows of it: null when it is off. */
export const welcomeBonusSchema = welcomeBonusSettingSchema.omit({ enabled: true }).nullable();
export type WelcomeBonus = z.infer<typeof welcomeBonusSchema>;

/**
 * The slot's bets (operator setting inhouse.slot.bets): the bets a player may choose. A step must be a whole number
 * of minor units per line, so every line win is a whole number of minor units.
 */
const slotBetText = z
  .string()
  .regex(/^(0|[1-9]\d{0,8})(\.\d{1,2})?$/, 'a positive amount, 2 decimals at most');
const minorOf = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};
/**
 * Dice (operator setting inhouse.dice): the house edge in percent (the payout is (100 − edge) / win chance),
 * the stake limits and the most one bet may win.
 */
export const diceSettingSchema = z
  .object({
    edge: z.string().regex(/^\d(\.\d{1,2})?$/, 'a percent from 0 to 9.99, two decimals at most'),
    minBet: slotBetText,
    maxBet: slotBetText,
    maxWin: slotBetText,
  })
  .superRefine((value, context) => {
    if (minorOf(value.minBet) <= 0n)
      context.addIssue({ code: 'custom', path: ['minBet'], message: 'more than zero' });
    if (minorOf(value.minBet) > minorOf(value.maxBet))
      context.addIssue({ code: 'custom', path: ['maxBet'], message: 'at least minBet' });
    if (minorOf(value.maxWin) < minorOf(value.maxBet))
      context.addIssue({ code: 'custom', path: ['maxWin'], message: 'at least maxBet' });
  });
export type DiceSetting = z.infer<typeof diceSettingSchema>;

/**
 * Crash (operator setting inhouse.crash): the stake limits, and the highest multiplier a bet is paid at
 * (every bet still in when the rise reaches it is cashed out at it).
 */
export const crashSettingSchema = z
  .object({
    minBet: slotBetText,
    maxBet: slotBetText,
    maxMultiplier: z.string().regex(/^[1-9]\d{0,6}\.\d{2}$/, 'a multiplier such as 1000.00'),
  })
  .superRefine((value, context) => {
    if (minorOf(value.minBet) <= 0n)
      context.addIssue({ code: 'custom', path: ['minBet'], message: 'more than zero' });
    if (minorOf(value.minBet) > minorOf(value.maxBet))
      context.addIssue({ code: 'custom', path: ['maxBet'], message: 'at least minBet' });
    if (minorOf(value.maxMultiplier) < 200n)
      context.addIssue({ code: 'custom', path: ['maxMultiplier'], message: 'at least 2.00' });
  });
export type CrashSetting = z.infer<typeof crashSettingSchema>;

export const slotBetSettingSchema = z
  .object({
    min: slotBetText,
    max: slotBetText,
    /** ascending */
    steps: z.array(slotBetText).min(1).max(30),
  })
  .superRefine((value, context) => {
    const min = minorOf(value.min);
    const max = minorOf(value.max);
    if (min <= 0n) context.addIssue({ code: 'custom', path: ['min'], message: 'more than zero' });
    if (min > max) context.addIssue({ code: 'custom', path: ['max'], message: 'at least min' });
    value.steps.forEach((step, index) => {
      const minor = minorOf(step);
      if (minor <= 0n || minor % BigInt(SLOT_LINE_COUNT) !== 0n) {
        context.addIssue({
          code: 'custom',
          path: ['steps', index],
          message: `a multiple of ${SLOT_LINE_COUNT} minor units (one per line)`,
        });
      }
      if (index > 0 && minor <= minorOf(value.steps[index - 1] ?? '0')) {
        context.addIssue({ code: 'custom', path: ['steps', index], message: 'steps ascend' });
      }
    });
    if (!value.steps.some((step) => minorOf(step) >= min && minorOf(step) <= max)) {
      context.addIssue({ code: 'custom', path: ['steps'], message: 'at least one step within min and max' });
    }
  });
export type SlotBetSetting = z.infer<typeof slotBetSettingSchema>;

const lotteryMoney = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/);
/** The lottery's limits (issue 13), in major units; the payout caps count what the house could pay. */
export const lotteryLimitsSchema = z.object({
  minBet: lotteryMoney,
  maxBet: lotteryMoney,
  /** the most all bets of one period may win together */
  maxPayoutPerPeriod: lotteryMoney,
  /** the most the bets on one number (bet type and selection) of one period may win together */
  maxPayoutPerNumber: lotteryMoney,
});
export type LotteryLimits = z.infer<typeof lotteryLimitsSchema>;
/** Odds overrides in milli-odds (1.98 is 1980): family code -> bet type -> odds key ("" for one) -> odds. */
export const lotteryOddsSchema = z.record(
  z.string().max(20),
  z.record(z.string().max(40), z.record(z.string().max(40), z.number().int().min(1000).max(100_000_000))),
);
export const lotteryPrizeModes = ['Lott', 'ZY', 'Elott', 'SEA'] as const;

/**
 * Every operator setting: its key, its schema and its default. The operator tool validates values
 * against these; the server reads them with the default filled in.
 */
export const settingDefinitions = {
  'system.maintenance': maintenanceSchema,
  'system.regionRestriction': regionRestrictionSchema,
  'site.name': z.string().min(1).max(100),
  'site.whitelabel': whitelabelSchema,
  'site.loginedToHomePage': z.boolean(),
  /** allow side and top bars on /seamless and /vnlottery */
  'site.showBarsOnFullscreenRoutes': z.boolean(),
  'site.currency': currencySettingSchema,
  /** the welcome offer the registration page shows (percent of the first deposit, up to a cap) */
  'promotion.welcomeBonus': welcomeBonusSettingSchema,
  /**
   * paying that offer automatically on a member's first credited deposit (rewards module), from
   * `minDeposit` on; off, the operator grants it by hand (an application) as before
   */
  'promotion.firstDepositBonus': z.object({
    enabled: z.boolean(),
    minDeposit: moneyStringSchema.refine((text) => !text.startsWith('-'), 'not negative'),
  }),
  'promotion.reloadBonus': reloadBonusSettingSchema,
  'promotion.rebate': rebateSettingSchema,
  'promotion.bonusWithdrawRule': z.enum(bonusWithdrawRules),
  'site.languages': z.array(languageSchema).min(1),
  'site.defaultLanguage': languageSchema,
  'site.resources': z.array(resourceSchema),
  'site.customerService': customerServiceSchema,
  'site.analytics': analyticsSchema,
  'site.imageCDNs': z.array(z.string().max(2000)),
  'site.launchGameCDNs': z.array(z.string().max(2000)),
  'site.domainList': z.array(z.string().min(1).max(253)),
  'site.esportsVendors': z.array(z.string().min(1).max(40)),
  'register.fields': fieldRulesSchema,
  'register.captchaEnabled': z.boolean(),
  'register.minimumAge': z.union([z.literal(18), z.literal(21)]),
  /** ISO country codes offered in the dial-code picker */
  'register.countries': z.array(z.string().regex(/^[A-Z]{2}$/)).min(1),
  'register.defaultCountry': z.string().regex(/^[A-Z]{2}$/),
  /** an invitation (affiliate) code must be given to register */
  'register.affiliateRequired': z.boolean(),
  'auth.sessionIdleMinutes': z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
  'auth.sessionAbsoluteHours': z
    .number()
    .int()
    .min(1)
    .max(24 * 90),
  /** 0: passwords never expire */
  'auth.passwordMaxAgeDays': z.number().int().min(0).max(3650),
  /** the value operators reset passwords to; logging in with it forces a change */
  'auth.defaultPassword': z.string().min(1).max(64).nullable(),
  /** failed logins (by account or address) in an hour after which the login asks for a captcha */
  'auth.captchaAfterFailures': z.number().int().min(0).max(100),
  /** failed logins per account per hour after which the account is refused for the rest of the hour */
  'auth.maxFailedLoginsPerHour': z.number().int().min(1).max(1000),
  'auth.newIpVerification': z.boolean(),
  /** a staff session ends after this many minutes without a call (issue 27) */
  'staff.sessionIdleMinutes': z
    .number()
    .int()
    .min(5)
    .max(8 * 60),
  /** a staff session ends this many hours after login however busy (one shift) */
  'staff.shiftHours': z.number().int().min(1).max(24),
  /** staff may call the back office only from these addresses (IPv4/IPv6 CIDR); empty: from anywhere */
  'staff.allowedAddresses': z
    .array(z.string().min(3).max(49).refine(isCidr, 'an address or CIDR block'))
    .max(200),
  /**
   * Four-eyes (issue 27): a withdrawal approval, a manual adjustment or a bonus grant above its amount
   * (major units; null: never) waits for a second member of staff to confirm it
   */
  'staff.fourEyes': z.object({
    withdrawal: nullableAmount,
    adjustment: nullableAmount,
    bonus: nullableAmount,
  }),
  /** minutes an SMS code lives; the send button waits 60 s per minute */
  'sms.codeMinutes': z.number().int().min(1).max(30),
  'sms.maxPerNumberPerDay': z.number().int().min(1).max(100),
  'sms.maxPerIpPerHour': z.number().int().min(1).max(1000),
  'email.resetLinkMinutes': z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  /** demo money a free-play (trial) account starts with, in major units */
  'trial.demoBalance': z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  /** deposits must be wagered this multiple of their amount before a withdrawal (0: no requirement) */
  'cashier.depositTurnoverMultiple': z.number().min(0).max(100),
  'cashier.bonusTurnoverMultiple': z.number().min(0).max(100),
  'cashier.withdrawMin': z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  'cashier.withdrawMax': z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  /** the bank account name must equal the member's registered real name (payee name) */
  'cashier.requireRealNameMatch': z.boolean(),
  /** a paid withdrawal the member neither confirms nor disputes counts as received after this long */
  'cashier.withdrawAutoReceiptMinutes': z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30),
  /** a bank-transfer deposit not confirmed by the operator expires after this long */
  'cashier.depositExpiryMinutes': z
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 7),
  /** the slot's return to player: one of its variants, each with its own reel strips (ADR 026) */
  'inhouse.slot.rtpVariant': z.enum(slotRtpVariants),
  /** the slot's bets: the steps a player may choose, and the limits they must lie within */
  'inhouse.slot.bets': slotBetSettingSchema,
  /** the lottery's odds where they differ from each family's defaults */
  'lottery.odds': lotteryOddsSchema,
  'lottery.limits': lotteryLimitsSchema,
  /** SPEC's prize modes: which menus the lottery calls answer by default */
  'lottery.prizeMode': z.enum(lotteryPrizeModes),
  /**
   * The catch-up rule (ADR 035): a period no server drew at its time is drawn late and settled when it is
   * at most this many minutes late, and cancelled with every bet refunded when later.
   */
  'lottery.maxDrawDelayMinutes': z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  /**
   * A daily draw whose result operators enter (ADR 060) and for which no result was confirmed this many
   * hours after its draw time is cancelled with every bet refunded (ADR 063): the state draw did not
   * take place (Tết) or its result never came, and players' stakes are not held longer.
   */
  'lottery.enteredResultVoidHours': z
    .number()
    .int()
    .min(1)
    .max(30 * 24),
  /** dice: the house edge shown to the player, the stake limits and the most a bet may win (ADR 030) */
  'inhouse.dice': diceSettingSchema,
  /** crash: the stake limits and the highest multiplier paid (ADR 031) */
  'inhouse.crash': crashSettingSchema,
  /** agent contracts (SPEC sections 2 and 4): each kind offered and settled only while switched on */
  'agent.contracts.dividend': z.boolean(),
  'agent.contracts.dailyWage': z.boolean(),
  'agent.contracts.hourlySalary': z.boolean(),
  'agent.contracts.realtimeSalary': z.boolean(),
  /** an active member: at least this valid bet (major units) in the period */
  'agent.activeMinValidBet': z.string().regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/),
  /** a dividend period the team won carries its negative net loss into the next period, or resets */
  'agent.dividendCarryOver': z.enum(['carry', 'reset']),
  /** dividends wait for an operator's approval before they are paid */
  'agent.dividendApproval': z.boolean(),
  /** transfers to the upline and to direct downlines: the smallest and largest amount (major units) */
  'agent.transferLimits': z.object({
    min: z.string().regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/),
    max: z.string().regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/),
  }),
  /**
   * the referral reward (member centre's invite friends): the inviting member is paid this share of an
   * invited friend's first credited deposit (basis points, 0 = off), at most `max` (major units), once
   */
  'referral.reward': z.object({
    rateBp: z.number().int().min(0).max(10_000),
    max: z.string().regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/),
  }),
  /**
   * Loyalty points earned (issue 15): points per 100.00 of valid bet, per game category (a category not
   * listed earns `otherBets`), and per 100.00 deposited. Points never expire (SPEC section 9).
   */
  'loyalty.earnRates': z.object({
    deposit: z.number().int().min(0).max(100_000),
    otherBets: z.number().int().min(0).max(100_000),
    bets: z.record(z.string().regex(/^[A-Z0-9_-]{1,32}$/), z.number().int().min(0).max(100_000)),
  }),
  /** converting points to money: how many points make 1.00, and the fewest one conversion takes */
  'loyalty.convert': z.object({
    pointsPerUnit: z.number().int().min(1).max(1_000_000),
    minPoints: z.number().int().min(1).max(1_000_000_000),
  }),
  /**
   * The player rank: deposits and valid bets are summed over the last windowDays days; `window`
   * relegation moves a member down to the rank the window still earns when ranks are evaluated,
   * `never` keeps the highest rank reached.
   */
  'loyalty.rank': z.object({
    windowDays: z.number().int().min(1).max(365),
    relegation: z.enum(['never', 'window']),
  }),
} as const;
export type SettingDefinitions = typeof settingDefinitions;
export type SettingKey = keyof SettingDefinitions;
export type SettingValue<K extends SettingKey> = z.infer<SettingDefinitions[K]>;
export type Settings = { [K in SettingKey]: SettingValue<K> };
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];
export const isSettingKey = (key: string): key is SettingKey => key in settingDefinitions;
