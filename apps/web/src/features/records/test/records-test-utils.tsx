import type { BetRecord, SiteInfo } from '@platform/contract/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { permissionQueryOptions } from '@/features/system';
import enCommon from '@/i18n/locales/en/common.json';
import enContent from '@/i18n/locales/en/content.json';
import enLottery from '@/i18n/locales/en/lottery.json';
import enRecords from '@/i18n/locales/en/records.json';
import enVnLottery from '@/i18n/locales/en/vnlottery.json';

/** Test helpers of the records feature (only tests import this); calls are answered by @/test/fake-server. */

export function renderRecords(ui: ReactElement) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'content', 'records', 'lottery', 'vnlottery'],
    defaultNS: 'common',
    resources: {
      en: {
        common: enCommon,
        content: enContent,
        records: enRecords,
        lottery: enLottery,
        vnlottery: enVnLottery,
      },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(permissionQueryOptions().queryKey, {
    info: { currency: { code: 'BDT', locales: { bn: 'en-US', en: 'en-US' } } } as SiteInfo,
  });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{children}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
  const user = userEvent.setup({ applyAccept: false });
  return { ...render(ui, { wrapper: Wrapper }), queryClient, user };
}

export const betRecord = (overrides: Partial<BetRecord> = {}): BetRecord => ({
  id: '101',
  roundRef: 'r-mango-grove-1',
  vendorCode: 'DEMO_RNG',
  vendorName: 'Demo Slots',
  gameCode: 'mango-grove',
  gameName: 'Mango Grove',
  category: 'RNG',
  bet: '5.00',
  win: '35.00',
  refund: '0.00',
  net: '30.00',
  status: 'settled',
  openedAt: '2026-11-20T17:30:00.000Z',
  closedAt: '2026-11-20T17:30:01.000Z',
  demo: false,
  hasDetail: true,
  ...overrides,
});

export const page = <T,>(list: T[], totalPages = 1, pageNo = 1) => ({
  list,
  pageNo,
  pageSize: 20,
  totalCount: list.length,
  totalPages,
});
