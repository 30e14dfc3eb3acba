import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/render-with-providers';
import { siteInfo } from '@/test/shell-test-utils';
import { permissionQueryOptions } from './api/get-permission';
import { usePageDescription } from './use-page-description';

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('usePageDescription', () => {
  afterEach(() => document.head.querySelector('meta[name="description"]')?.remove());

  it('describes the page in the language, and follows the visitor to another page and language', async () => {
    const i18n = createTestI18n('bn');
    const client = new QueryClient();
    client.setQueryData(permissionQueryOptions().queryKey, { info: siteInfo({ siteName: 'Khela' }) });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/register']}>{children}</MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        usePageDescription();
        return useNavigate();
      },
      { wrapper },
    );
    expect(description()).toBe('Khela-এ বিনামূল্যে অ্যাকাউন্ট খুলুন এবং প্রথম ডিপোজিটে স্বাগতম বোনাস নিন।');

    await act(() => i18n.changeLanguage('en'));
    expect(description()).toBe('Open a free Khela account and take the welcome bonus on your first deposit.');

    await act(() => result.current('/login'));
    expect(description()).toBe('Log in to your Khela account, or try free play with demo money.');
  });
});
