import { languageSchema, type Language } from '@platform/contract';

/** What a verification code is for; it picks the text of the message. */
export type CodePurpose = 'register' | 'login' | 'reset' | 'verify_login';

/** Languages with their own texts; any other falls back to English. */
type TextLanguage = 'bn' | 'en';
const textLanguage = (language: Language): TextLanguage => (language === 'bn' ? 'bn' : 'en');

/**
 * The language a request asked for in its `language` header ('en', 'EN' or 'en-US'), or undefined, in
 * which case VerificationCodeService.send writes in site.defaultLanguage.
 */
export function requestLanguage(header: string | string[] | undefined): Language | undefined;
export function requestLanguage(header: string | string[] | undefined, fallback: Language): Language;
export function requestLanguage(
  header: string | string[] | undefined,
  fallback?: Language,
): Language | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const parsed = languageSchema.safeParse(value?.trim().toLowerCase().split(/[-_]/)[0]);
  return parsed.success ? parsed.data : fallback;
}

const bnDigits = (value: string | number): string =>
  String(value).replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)] as string);

const codeTexts: Record<
  TextLanguage,
  Record<CodePurpose, (site: string, code: string, minutes: number) => string>
> = {
  en: {
    register: (site, code, minutes) =>
      `${site}: your registration code is ${code}. It expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    login: (site, code, minutes) =>
      `${site}: your login code is ${code}. It expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    reset: (site, code, minutes) =>
      `${site}: your password reset code is ${code}. It expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    verify_login: (site, code, minutes) =>
      `${site}: your code to confirm this login is ${code}. It expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  },
  // The code itself stays in Latin digits so it can be copied into the form as typed.
  bn: {
    register: (site, code, minutes) =>
      `${site}: আপনার নিবন্ধন কোড ${code}। এটি ${bnDigits(minutes)} মিনিটে মেয়াদোত্তীর্ণ হবে।`,
    login: (site, code, minutes) =>
      `${site}: আপনার লগইন কোড ${code}। এটি ${bnDigits(minutes)} মিনিটে মেয়াদোত্তীর্ণ হবে।`,
    reset: (site, code, minutes) =>
      `${site}: আপনার পাসওয়ার্ড রিসেট কোড ${code}। এটি ${bnDigits(minutes)} মিনিটে মেয়াদোত্তীর্ণ হবে।`,
    verify_login: (site, code, minutes) =>
      `${site}: এই লগইন নিশ্চিত করার কোড ${code}। এটি ${bnDigits(minutes)} মিনিটে মেয়াদোত্তীর্ণ হবে।`,
  },
};

/** The SMS that carries a verification code. */
export function codeSmsText(
  purpose: CodePurpose,
  language: Language,
  siteName: string,
  code: string,
  minutes: number,
): string {
  return codeTexts[textLanguage(language)][purpose](siteName, code, minutes);
}

/** The email with a password-reset link (the member module sends it). */
export function resetLinkEmail(
  language: Language,
  siteName: string,
  link: string,
  minutes: number,
): { subject: string; text: string } {
  if (textLanguage(language) === 'bn') {
    return {
      subject: `${siteName}: পাসওয়ার্ড রিসেট`,
      text: `নতুন পাসওয়ার্ড দিতে এই লিংকটি খুলুন: ${link}\nলিংকটি ${bnDigits(minutes)} মিনিট কাজ করবে। আপনি অনুরোধ না করে থাকলে এই ইমেইলটি উপেক্ষা করুন।`,
    };
  }
  return {
    subject: `${siteName}: reset your password`,
    text: `Open this link to choose a new password: ${link}\nThe link works for ${minutes} minutes. If you did not ask for it, ignore this email.`,
  };
}
