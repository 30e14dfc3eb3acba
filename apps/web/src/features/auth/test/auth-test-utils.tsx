import type { FieldRules, LoginUser, SiteInfo } from '@platform/contract/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { permissionQueryOptions } from '@/features/system';
import enAuth from '@/i18n/locales/en/auth.json';
import enCommon from '@/i18n/locales/en/common.json';
import enContent from '@/i18n/locales/en/content.json';
import { AuthModalsHost } from '../modals/auth-modals-host';

const rule = (over: Partial<FieldRules['username']> = {}): FieldRules['username'] => ({
  enabled: false,
  required: false,
  acceptedPattern: '*',
  patternId: 'LENGTH',
  minLength: 1,
  maxLength: 50,
  ...over,
});

export function fieldRules(overrides: Partial<FieldRules> = {}): FieldRules {
  return {
    username: rule({
      enabled: true,
      required: true,
      acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
      patternId: 'LETTER_FIRST_ALNUM',
      minLength: 6,
      maxLength: 16,
    }),
    password: rule({
      enabled: true,
      required: true,
      acceptedPattern: '^(?=.*[A-Za-z])(?=.*\\d).+$',
      patternId: 'LETTERS_AND_DIGITS',
      minLength: 8,
      maxLength: 20,
    }),
    payeeName: rule({ patternId: 'FULL_NAME' }),
    paymentPassword: rule({ patternId: 'DIGITS', minLength: 6, maxLength: 6, acceptedPattern: '^\\d+$' }),
    qqNum: rule(),
    line: rule(),
    whatsapp: rule(),
    zalo: rule(),
    facebook: rule(),
    wechat: rule(),
    idNumber: rule(),
    email: rule({
      patternId: 'EMAIL',
      acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
      minLength: 5,
      maxLength: 100,
    }),
    mobileNum: rule({
      enabled: true,
      patternId: 'DIGITS',
      acceptedPattern: '^\\d+$',
      minLength: 7,
      maxLength: 15,
    }),
    affiliateCode: rule({ enabled: true, patternId: 'LETTERS_OR_DIGITS', minLength: 4, maxLength: 20 }),
    captcha: rule({
      enabled: true,
      required: true,
      patternId: 'LETTERS_OR_DIGITS',
      minLength: 4,
      maxLength: 4,
    }),
    recommenderId: rule(),
    ...overrides,
  };
}

export function testSiteInfo(
  overrides: { whitelabel?: Partial<SiteInfo['whitelabel']>; register?: Partial<SiteInfo['register']> } = {},
): SiteInfo {
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
      ...overrides.whitelabel,
    },
    register: { fields: fieldRules(), captchaEnabled: false, minimumAge: 18, ...overrides.register },
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
  };
}

export const testUser = (over: Partial<LoginUser> = {}): LoginUser => ({
  id: 'u1',
  userName: 'player01',
  account: 'A100200',
  nickname: null,
  type: 0,
  toUpline: null,
  clubLabel: { labelName: 'Bronze', color: '#000', color2: '#111', rankLevel: 1 },
  firstTimeLogin: false,
  passwordExpired: false,
  ...over,
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderAuth(
  ui: ReactElement | null,
  { info = testSiteInfo(), route = '/' }: { info?: SiteInfo; route?: string } = {},
) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['auth', 'common', 'content'],
    defaultNS: 'common',
    resources: { en: { auth: enAuth, common: enCommon, content: enContent } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(permissionQueryOptions().queryKey, { info });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          {children}
          <AuthModalsHost />
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
  return { ...render(ui ?? <></>, { wrapper: Wrapper }), queryClient, i18n };
}
