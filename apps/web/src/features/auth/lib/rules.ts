import {
  rangeText,
  validateField,
  type FieldRule,
  type FieldRules,
  type Issue,
  type RuledFieldName,
} from '@platform/contract/client';

/** Ruled fields a registration form may show beyond the account fields, in display order. */
export const extraFieldNames = [
  'payeeName',
  'paymentPassword',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
] as const satisfies readonly RuledFieldName[];
export type ExtraFieldName = (typeof extraFieldNames)[number];

/** SPEC section 5: these are required whenever they are shown, whatever the rule says. */
const alwaysRequired: readonly RuledFieldName[] = ['username', 'password', 'mobileNum', 'paymentPassword'];

const paramsOf = (rule: Pick<FieldRule, 'minLength' | 'maxLength'>) => ({
  min: rule.minLength,
  max: rule.maxLength,
  range: rangeText(rule.minLength, rule.maxLength),
});

/** Collects issues; the first per field is what the form shows. */
export class IssueList {
  readonly issues: Issue[] = [];

  add(path: string, message: string, params: Issue['params'] = {}): void {
    this.issues.push({ path, message, params });
  }

  /** The server's rule for the field; `path` when the form names it differently. */
  rule(name: RuledFieldName, value: string | undefined, rules: FieldRules, path: string = name): void {
    const rule = rules[name];
    const error = validateField(value, rule, alwaysRequired.includes(name));
    if (error) this.add(path, error.key, error.params);
  }

  required(path: string, value: string | boolean | undefined): boolean {
    const empty = typeof value === 'boolean' ? !value : (value ?? '').trim() === '';
    if (empty) this.add(path, 'validation.required');
    return !empty;
  }

  /** A confirmation field: required, and equal to the first. */
  confirm(path: string, value: string | undefined, original: string | undefined): void {
    if (this.required(path, value) && value !== original) this.add(path, 'validation.mismatch');
  }

  /** SPEC section 5: a mobile number must be valid by the mobileNum rule (message validation.mobile). */
  mobile(path: string, value: string | undefined, rules: FieldRules): void {
    const rule = rules.mobileNum;
    const error = validateField(value, rule, true);
    if (!error) return;
    this.add(path, error.key === 'validation.required' ? error.key : 'validation.mobile', error.params);
  }

  /** SPEC section 5: the SMS code uses the mobile rules with a max length of 255. */
  code(path: string, value: string | undefined, rules: FieldRules): void {
    const codeRule: FieldRule = {
      ...rules.mobileNum,
      required: true,
      minLength: Math.min(rules.mobileNum.minLength, 4),
      maxLength: 255,
    };
    const error = validateField(value, codeRule, true);
    if (!error) return;
    this.add(path, error.key === 'validation.required' ? error.key : 'validation.code', paramsOf(codeRule));
  }
}

export interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  affiliateCode: string;
  captcha: string;
  agreed: boolean;
  ageConfirmed: boolean;
  payeeName: string;
  paymentPassword: string;
  email: string;
  qqNum: string;
  line: string;
  whatsapp: string;
  zalo: string;
  facebook: string;
  wechat: string;
  idNumber: string;
  recommenderId: string;
}

export type RegisterMode = 'register' | 'registerMobile';

export interface RegisterContext {
  rules: FieldRules;
  mode: RegisterMode;
  captchaEnabled: boolean;
  /** registerMobile only: MOBILENUMPASSREG3 */
  mobilePassword: boolean;
  showAffiliate: boolean;
  minimumAge: number;
}

/** Which fields the registration form shows: only enabled ones (SPEC section 5). */
export function registerFieldsShown(context: RegisterContext) {
  const { rules, mode } = context;
  return {
    username: mode === 'register',
    password: mode === 'register' || context.mobilePassword,
    /** in the username tab, an extra field when enabled; in the mobile tab, the account itself */
    mobileNum: mode === 'registerMobile' || rules.mobileNum.enabled,
    verificationCode: mode === 'registerMobile',
    affiliateCode: context.showAffiliate && rules.affiliateCode.enabled,
    captcha: context.captchaEnabled,
    extras: extraFieldNames.filter((name) => rules[name].enabled),
  };
}

export function validateRegister(values: RegisterValues, context: RegisterContext): Issue[] {
  const list = new IssueList();
  const { rules } = context;
  const shown = registerFieldsShown(context);
  if (shown.username) list.rule('username', values.username, rules);
  if (shown.password) {
    list.rule('password', values.password, rules);
    list.confirm('confirmPassword', values.confirmPassword, values.password);
  }
  if (context.mode === 'registerMobile') {
    list.mobile('mobileNum', values.mobileNum, rules);
    list.code('verificationCode', values.verificationCode, rules);
  } else if (shown.mobileNum) {
    list.rule('mobileNum', values.mobileNum, rules);
  }
  for (const name of shown.extras) list.rule(name, values[name], rules);
  if (shown.affiliateCode) list.rule('affiliateCode', values.affiliateCode, rules);
  if (shown.captcha)
    list.rule('captcha', values.captcha, { ...rules, captcha: { ...rules.captcha, required: true } });
  if (!values.ageConfirmed) list.add('ageConfirmed', 'validation.age', { age: context.minimumAge });
  if (!values.agreed) list.add('agreed', 'validation.agree');
  return list.issues;
}

export interface SmsLoginValues {
  mobileNum: string;
  countryDialingCode: string;
  code: string;
  captcha: string;
}

export function validateSmsLogin(values: SmsLoginValues, rules: FieldRules, captchaShown: boolean): Issue[] {
  const list = new IssueList();
  list.mobile('mobileNum', values.mobileNum, rules);
  list.code('code', values.code, rules);
  if (captchaShown) list.required('captcha', values.captcha);
  return list.issues;
}

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  checkPass: string;
}

export function validateChangePassword(
  values: ChangePasswordValues,
  rules: FieldRules,
  oldKnown: boolean,
): Issue[] {
  const list = new IssueList();
  if (!oldKnown) list.required('oldPassword', values.oldPassword);
  list.rule('password', values.newPassword, rules, 'newPassword');
  list.confirm('checkPass', values.checkPass, values.newPassword);
  return list.issues;
}

export interface ForgotEmailValues {
  username: string;
  email: string;
}

export function validateForgotEmail(values: ForgotEmailValues, rules: FieldRules): Issue[] {
  const list = new IssueList();
  list.rule('username', values.username, rules);
  const email = { ...rules.email, required: true };
  const error = validateField(values.email, email, true);
  if (error) list.add('email', error.key, error.params);
  return list.issues;
}

export interface ForgotPhoneValues {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
  checkPass: string;
}

export function validateForgotPhone(values: ForgotPhoneValues, rules: FieldRules): Issue[] {
  const list = new IssueList();
  list.mobile('mobileNum', values.mobileNum, rules);
  list.code('verificationCode', values.verificationCode, rules);
  list.rule('password', values.newPassword, rules, 'newPassword');
  list.confirm('checkPass', values.checkPass, values.newPassword);
  return list.issues;
}

export interface ResetPasswordValues {
  newPassword: string;
  checkPass: string;
}

export function validateResetPassword(values: ResetPasswordValues, rules: FieldRules): Issue[] {
  const list = new IssueList();
  list.rule('password', values.newPassword, rules, 'newPassword');
  list.confirm('checkPass', values.checkPass, values.newPassword);
  return list.issues;
}

/** Just the mobile number, checked before an SMS is sent (SPEC section 5). */
export function validateMobileOnly(value: string, rules: FieldRules): Issue | null {
  const list = new IssueList();
  list.mobile('mobileNum', value, rules);
  return list.issues[0] ?? null;
}
