import type { LoginUser, MemberInfo, SiteInfo } from '@platform/contract/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { permissionQueryOptions } from '@/features/system';
import enAgent from '@/i18n/locales/en/agent.json';
import enCommon from '@/i18n/locales/en/common.json';
import enContent from '@/i18n/locales/en/content.json';
import enCrash from '@/i18n/locales/en/crash.json';
import enDev from '@/i18n/locales/en/dev.json';
import enDice from '@/i18n/locales/en/dice.json';
import enMember from '@/i18n/locales/en/member.json';
import enMessaging from '@/i18n/locales/en/messaging.json';
import enLoyalty from '@/i18n/locales/en/loyalty.json';
import enSlot from '@/i18n/locales/en/slot.json';
import enMissions from '@/i18n/locales/en/missions.json';

/** Test helpers shared by the features' tests (not shipped). */

/** The site settings the permission call answers, with everything switched to plain defaults. */
export function siteInfo(overrides: Partial<SiteInfo> = {}): SiteInfo {
  return {
    merchantCode: 'KHELA',
    siteName: 'Khela',
    whitelabel: {
      MOBILENUMREG3: true,
      REGMOBVERF3: true,
      MOBILENUMPASSREG3: true,
      USERNAMEREG3: true,
      FREEPLAY3: false,
      PWDEXPFORCECHANGE3: true,
      MOBILEVERCODELOGIN3: true,
      DIRECTREG3: true,
      CHNGPASSVERIF3: true,
      CBS3: false,
    },
    register: { fields: {} as SiteInfo['register']['fields'], captchaEnabled: false, minimumAge: 18 },
    resources: [],
    customerService: { entries: [], vipUrl: null },
    analytics: { scriptUrl: null, siteId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    location: { ip: '203.0.113.7', country: 'BD' },
    maintenance: { enabled: false, endTime: null },
    regionRestriction: { restricted: false },
    languages: ['bn', 'en'],
    defaultLanguage: 'bn',
    currency: { code: 'USD', locales: { bn: 'en-US', en: 'en-US' } },
    welcomeBonus: null,
    loginedToHomePage: false,
    showBarsOnFullscreenRoutes: false,
    demo: false,
    ...overrides,
  };
}

export const memberInfo = (overrides: Partial<MemberInfo> = {}): MemberInfo => ({
  id: 'm_1',
  userName: 'rahim01',
  account: '10001234',
  nickname: 'Rahim',
  type: 0,
  toUpline: null,
  clubLabel: { labelName: 'Gold', color: '#f5c542', color2: '#b7860b', rankLevel: 3 },
  firstTimeLogin: false,
  passwordExpired: false,
  mobileNum: '171****678',
  countryDialingCode: '880',
  email: 'r***@example.com',
  payeeName: null,
  avatarUrl: null,
  referralCode: 'RAHIM7',
  createdAt: '2026-01-15T10:00:00.000Z',
  lastLoginAt: '2026-11-20T08:30:00.000Z',
  lastLoginIp: '203.0.113.7',
  hasPaymentPassword: false,
  ...overrides,
});

/** Logs a member in the way the auth feature keeps a session: token and user in sessionStorage. */
export function logIn(type: LoginUser['type'] = 0): void {
  const info = memberInfo({ type });
  const user: LoginUser = {
    id: info.id,
    userName: info.userName,
    account: info.account,
    nickname: info.nickname,
    type,
    toUpline: info.toUpline,
    clubLabel: info.clubLabel,
    firstTimeLogin: false,
    passwordExpired: false,
  };
  sessionStorage.setItem('token', 'token-1');
  sessionStorage.setItem('loginUser', JSON.stringify(user));
  sessionStorage.setItem('isAgent', String(type));
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderFeature(
  ui: ReactElement,
  { route = '/', info }: { route?: string; info?: Partial<SiteInfo> } = {},
) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'content', 'member', 'agent', 'dev'],
    defaultNS: 'common',
    resources: {
      en: {
        common: enCommon,
        content: enContent,
        member: enMember,
        agent: enAgent,
        dev: enDev,
        messaging: enMessaging,
        loyalty: enLoyalty,
        crash: enCrash,
        dice: enDice,
        slot: enSlot,
        missions: enMissions,
      },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(permissionQueryOptions().queryKey, { info: siteInfo(info) });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
  const user = userEvent.setup({ applyAccept: false });
  return { ...render(ui, { wrapper: Wrapper }), queryClient, user };
}
