import type { LoginUser, SiteInfo } from '@platform/contract/client';
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
import enTransfer from '@/i18n/locales/en/transfer.json';
import enWallet from '@/i18n/locales/en/wallet.json';

/** Test helpers for the wallet feature (only tests import this); calls are answered by @/test/fake-server. */

export function logIn(type: LoginUser['type'] = 0): void {
  const user: LoginUser = {
    id: 'm_1',
    userName: 'rahim01',
    account: '10001234',
    nickname: 'Rahim',
    type,
    toUpline: null,
    clubLabel: { labelName: 'Gold', color: '#f5c542', color2: '#b7860b', rankLevel: 3 },
    firstTimeLogin: false,
    passwordExpired: false,
  };
  sessionStorage.setItem('token', 'token-1');
  sessionStorage.setItem('loginUser', JSON.stringify(user));
  sessionStorage.setItem('isAgent', String(type));
}

export const page = <T,>(list: T[], totalPages = 1, pageNo = 1) => ({
  list,
  pageNo,
  pageSize: 10,
  totalCount: list.length,
  totalPages,
});

export function renderWallet(ui: ReactElement, { info }: { info?: Partial<SiteInfo> } = {}) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'content', 'wallet', 'transfer'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, content: enContent, wallet: enWallet, transfer: enTransfer } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(permissionQueryOptions().queryKey, {
    info: { currency: { code: 'BDT', locales: { bn: 'en-US', en: 'en-US' } }, ...info } as SiteInfo,
  });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{children}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
  const user = userEvent.setup({ applyAccept: false });
  return { ...render(ui, { wrapper: Wrapper }), queryClient, user, i18n };
}
