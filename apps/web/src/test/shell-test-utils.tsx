import type { SiteInfo, SystemStatus, VendorList } from '@platform/contract/client';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '@/app/app';
import { appRoutes } from '@/app/router';
import { initI18n } from '@/i18n';
import { storage, storageKeys } from '@/lib/storage';
import type { FakeHandlers } from './fake-server';

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
    customerService: { entries: [{ type: 3, url: 'https://chat.example.com/room' }], vipUrl: null },
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

export function systemStatus(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    status: 0,
    maintenanceEnd: null,
    location: { ip: '203.0.113.7', country: 'BD' },
    customerServiceUrl: 'https://chat.example.com/room',
    ...overrides,
  };
}

export function vendorList(
  entries: Partial<Record<VendorList['categories'][number]['gameCategory'], string[]>>,
): VendorList {
  return {
    categories: Object.entries(entries).map(([gameCategory, codes]) => ({
      gameCategory: gameCategory as VendorList['categories'][number]['gameCategory'],
      vendors: (codes ?? []).map((code) => ({
        vassalage: code,
        title: code,
        isHot: false,
        smallIcon: null,
        gameClassify: null,
      })),
    })),
  };
}

/** The calls every page of the normal site makes, answered with empty content. */
export function normalSiteRoutes(
  options: { info?: Partial<SiteInfo>; vendors?: VendorList } = {},
): FakeHandlers {
  return {
    'GET /wps/system/status': () => systemStatus(),
    'GET /wps/system/permission': () => ({ info: siteInfo(options.info) }),
    'GET /wps/game/vendors': () => options.vendors ?? vendorList({}),
    'GET /wps/content/banners': () => [],
    'GET /wps/promotions': () => [],
    'GET /wps/announcements/v2': () => ({ list: [], pageNo: 1, pageSize: 9, totalCount: 0, totalPages: 0 }),
  };
}

/** Starts i18n the way start-up does, in the given language. */
export async function startI18n(language: 'bn' | 'en' = 'en') {
  storage.local.set(storageKeys.language, language);
  return initI18n({ languages: ['bn', 'en'], defaultLanguage: 'bn' });
}

export interface RenderedApp extends RenderResult {
  router: () => ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/** Renders the whole app (status gate, permission gate, shell, routes) at a path, in memory. */
export function renderApp(path = '/'): RenderedApp {
  // jsdom has no scrolling; the scroll manager's calls are not what these tests look at.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  let created: ReturnType<typeof createMemoryRouter> | undefined;
  const result = render(
    <App
      queryClient={queryClient}
      createRouter={() => {
        created = createMemoryRouter(appRoutes, { initialEntries: [path] });
        return created;
      }}
    />,
  );
  return {
    ...result,
    queryClient,
    router: () => {
      if (!created) throw new Error('the router is created once the site renders');
      return created;
    },
  };
}
