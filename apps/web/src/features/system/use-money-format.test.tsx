import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/render-with-providers';
import { siteInfo } from '@/test/shell-test-utils';
import { usePercentFormat, useMoneyFormat } from './use-money-format';
import { fakeServer } from '@/test/fake-server';

const BDT = { code: 'BDT', locales: { bn: 'bn-BD', en: 'en-IN' } };

function setup(language: 'bn' | 'en') {
  const i18n = createTestI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
  return { i18n, wrapper };
}

describe('useMoneyFormat', () => {
  it("shows the site's currency in the locale of the language: Bengali digits and lakh grouping", async () => {
    fakeServer({ 'GET /wps/system/permission': () => ({ info: siteInfo({ currency: BDT }) }) });
    const { i18n, wrapper } = setup('bn');
    const { result } = renderHook(() => useMoneyFormat(), { wrapper });
    // Before the settings arrive: the amount alone, never another currency's symbol.
    expect(result.current('1234567.5')).toBe('১২,৩৪,৫৬৭.৫০');
    await waitFor(() => expect(result.current('1234567.5')).toBe('১২,৩৪,৫৬৭.৫০৳'));
    expect(result.current(-5n)).toBe('-০.০৫৳');

    await act(() => i18n.changeLanguage('en'));
    expect(result.current('1234567.5')).toBe('৳12,34,567.50');
  });

  it('shows percentages in the same digits', async () => {
    fakeServer({ 'GET /wps/system/permission': () => ({ info: siteInfo({ currency: BDT }) }) });
    const { wrapper } = setup('bn');
    const { result } = renderHook(() => usePercentFormat(), { wrapper });
    await waitFor(() => expect(result.current(100)).toBe('১০০%'));
  });
});
