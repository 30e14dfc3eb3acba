import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteInfo } from '@/test/shell-test-utils';
import { useMoneyFormat } from './use-money-format';
import { fakeServer } from '@/test/fake-server';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useMoneyFormat', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('formats with 2 decimals, thousands separators and the site currency symbol', async () => {
    fakeServer({ 'GET /wps/system/permission': () => ({ info: siteInfo({ currencySymbol: '৳' }) }) });
    const { result } = renderHook(() => useMoneyFormat(), { wrapper });
    expect(result.current('1234567.5')).toBe('$1,234,567.50');
    await waitFor(() => expect(result.current('1234567.5')).toBe('৳1,234,567.50'));
    expect(result.current(-5n)).toBe('-৳0.05');
  });
});
