import { z } from 'zod';

/** Fields whose rules the server decides (SPEC section 5). */
export const ruledFieldNames = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'mobileNum',
  'affiliateCode',
  'captcha',
  'recommenderId',
] as const;
export const ruledFieldNameSchema = z.enum(ruledFieldNames);
export type RuledFieldName = z.infer<typeof ruledFieldNameSchema>;

/**
 * The pattern kinds of SPEC section 5. Each has a message in every locale under
 * `patterns.<id>`, with {{min}} and {{max}} substituted.
 */
export const patternIds = [
  'LENGTH',
  'LETTER_FIRST_ALNUM',
  'CHINESE_DIGITS',
  'EMAIL',
  'LETTERS_OR_DIGITS',
  'LETTERS_AND_DIGITS',
  'DIGITS',
  'ALNUM_WITH_UPPER',
  'ENGLISH_SPACES',
  'NO_SPACES',
  'CHINESE_PUNCTUATION',
  'DATE_YMD',
  'DATE_MDY',
  'KOREAN',
  'THAI',
  'THAI_ENGLISH_SPACES',
  'UPPER_SPACES',
  'LETTERS_DIGITS_SYMBOLS',
  'PASSWORD_STRONG',
  'FULL_NAME',
  'JAPANESE_FULLWIDTH',
  'UPPER_ONLY',
] as const;
export const patternIdSchema = z.enum(patternIds);
export type PatternId = z.infer<typeof patternIdSchema>;

export const fieldRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  /** a regular expression source; '*' alone means anything */
  acceptedPattern: z.string().max(500),
  patternId: patternIdSchema,
  minLength: z.number().int().min(0).max(255),
  maxLength: z.number().int().min(1).max(255),
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;

export const fieldRulesSchema = z.record(ruledFieldNameSchema, fieldRuleSchema);
export type FieldRules = Record<RuledFieldName, FieldRule>;
