import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enCommon from '@/i18n/locales/en/common.json';
import enFair from '@/i18n/locales/en/fair.json';
import { fakeServer } from '@/test/fake-server';
import { VerifyPage } from './verify-page';

function renderAt(url: string) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'fair'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, fair: enFair } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
  const user = userEvent.setup();
  return { ...render(<VerifyPage />, { wrapper: Wrapper }), user };
}

const SERVER_SEED = '3f2b6a1c9d8e7f6051423324150617283940a1b2c3d4e5f60718293a4b5c6d7e';
const SEED_HASH = 'b1f9c9a0e5e4d7ad8e8a3c4c6b5f2d2b8c7e9a1d3f5b7c9e1a3c5e7f9b1d3f5a';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the verification page', () => {
  it('recomputes a dice roll from the seeds typed, showing each step', async () => {
    const { user } = renderAt('/inhouse/fair');
    await user.type(screen.getByLabelText('Server seed'), SERVER_SEED);
    await user.type(screen.getByLabelText('Client seed'), 'player-seed');
    await user.type(screen.getByLabelText('Nonce'), '41');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('fair-result')).toHaveTextContent('78.78');
    expect(screen.getByText('player-seed:41:0')).toBeInTheDocument();
  });

  it('fetches the revealed seed of a link from the betting record and checks it against the hash shown', async () => {
    fakeServer({
      'GET /wps/inhouse/fair/seed': () => ({ serverSeedHash: SEED_HASH, serverSeed: SERVER_SEED }),
    });
    renderAt(`/inhouse/fair?game=dice&serverSeedHash=${SEED_HASH}&clientSeed=player-seed&nonce=0`);
    expect(await screen.findByTestId('fair-result')).toHaveTextContent('13.38');
    // The hash in this link is made up: the page says the seed does not match it.
    expect(await screen.findByText(/NOT the hash shown/)).toBeInTheDocument();
  });

  it('recomputes a crash point and refuses a seed that is not 64 hex digits', async () => {
    const { user } = renderAt('/inhouse/fair?game=crash');
    await user.type(screen.getByLabelText('Round seed (64 hex digits)'), 'abc');
    await user.type(screen.getByLabelText('Salt'), 'khela');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('64 lowercase hex digits.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Round seed (64 hex digits)'));
    await user.type(
      screen.getByLabelText('Round seed (64 hex digits)'),
      '4ad7c9b9a2c8e6f2e0f3b3a5d6c7e8f9a0b1c2d3e4f5061728394a5b6c7d8e9f',
    );
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('fair-result')).toHaveTextContent('2.67');
  });
});
