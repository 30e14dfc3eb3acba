import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import bnContent from '@/i18n/locales/bn/content.json';
import enContent from '@/i18n/locales/en/content.json';

/** An i18next instance with the real bn and en content texts, ready synchronously. */
export function createTestI18n(language: 'bn' | 'en' = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['content', 'common'],
    defaultNS: 'content',
    resources: { en: { content: enContent, common: {} }, bn: { content: bnContent, common: {} } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function createTestQueryClient(): QueryClient {
  // No retries: a failing stub should show the error state at once.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/** Shows where the router is, so a test can read what a click navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface ProviderOptions {
  route?: string;
  /** a route pattern such as /promoDetail/:id, when the component reads params */
  path?: string;
  language?: 'bn' | 'en';
  queryClient?: QueryClient;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, language = 'en', queryClient = createTestQueryClient() }: ProviderOptions = {},
): RenderResult & { queryClient: QueryClient; i18n: i18n; user: ReturnType<typeof userEvent.setup> } {
  const i18n = createTestI18n(language);
  // A wrapper (not a wrapped element) so rerender keeps the providers.
  const Wrapper = ({ children: node }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={node} />
              <Route path="*" element={null} />
            </Routes>
          ) : (
            node
          )}
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
  const user = userEvent.setup();
  const result = render(ui, { wrapper: Wrapper });
  return { ...result, queryClient, i18n, user };
}
