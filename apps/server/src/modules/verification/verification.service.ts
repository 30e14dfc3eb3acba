import { isAgentType, type Location } from '@platform/contract';
import { countries as countryTable, type TCountryCode } from 'countries-list';
import type { SettingsService } from '../system/index.js';

const isCountryCode = (code: string): code is TCountryCode => Object.hasOwn(countryTable, code);

/**
 * Who owns a referral code, asked of the member module (MemberService fits it). That module is built
 * after this one (auth, which it needs, takes the verification services), so it is handed over late.
 */
export interface ReferralCodeOwners {
  byReferralCode(code: string): Promise<{ type: number; status: string } | null>;
}

/** The registration helpers that verify something before a sign-up: dial codes, invitation codes. */
export class VerificationService {
  constructor(
    private readonly settings: SettingsService,
    private readonly owners: () => ReferralCodeOwners,
  ) {}

  /** The operator's countries with their dial codes; the visitor's own first choice when offered. */
  async countries(location: Location): Promise<{
    countries: { countryCode: string; countryDialingCode: string }[];
    defaultCountryCode: string;
  }> {
    const settings = await this.settings.all();
    const countries = settings['register.countries'].flatMap((countryCode) => {
      // A country with no phone code (or a code countries-list does not know) cannot take an SMS.
      const phone = isCountryCode(countryCode) ? countryTable[countryCode].phone[0] : undefined;
      return phone === undefined ? [] : [{ countryCode, countryDialingCode: String(phone) }];
    });
    const visitor = location.country?.toUpperCase();
    const offered = (code: string | undefined) => countries.some((country) => country.countryCode === code);
    const defaultCountryCode = visitor && offered(visitor) ? visitor : settings['register.defaultCountry'];
    return { countries, defaultCountryCode };
  }

  /** An invitation code is good when it is an active agent's own referral code. */
  async affiliateValid(code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (!trimmed) return false;
    const owner = await this.owners().byReferralCode(trimmed);
    return owner !== null && owner.status === 'active' && isAgentType(owner.type);
  }
}
