import type { CrashRoundView, CrashState } from '@platform/contract/client';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '@/test/browser-stubs';
import { bodyOf, fail, fakeServer } from '@/test/fake-server';
import { logIn, renderFeature } from '@/test/feature-test-utils';
import { CrashPage } from './crash-page';

const NOW = '2026-11-21T08:00:00.000Z';
const round = (overrides: Partial<CrashRoundView> = {}): CrashRoundView => ({
  roundId: 'crr_1',
  phase: 'betting',
  bettingEndsAt: '2026-11-21T08:00:05.000Z',
  multiplier: '1.00',
  crashPoint: null,
  seed: null,
  bets: [],
  myAutoCashOut: null,
  ...overrides,
});
const state = (overrides: Partial<CrashState> = {}): CrashState => ({
  round: round(),
  serverTime: NOW,
  growthPerMs: 0.00006,
  commitment: 'f'.repeat(64),
  salt: 'salt',
  history: [{ roundId: 'crr_0', crashPoint: '2.67', seed: 'e'.repeat(64), salt: 'salt' }],
  minBet: '1.00',
  maxBet: '100.00',
  maxMultiplier: '1000.00',
  freePlay: true,
  freePlayBalance: '1000.00',
  ...overrides,
});

const renderCrash = () =>
  renderFeature(<CrashPage />, {
    route: '/inhouse/crash',
    info: { currency: { code: 'BDT', locales: { bn: 'en-US', en: 'en-US' } } },
  });

beforeEach(() => installBrowserStubs({ reducedMotion: true }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the crash page', () => {
  it('a member bets while betting is open, and is told the crash point when a cash-out comes too late', async () => {
    logIn();
    let current = state();
    const server = fakeServer({
      'GET /wps/inhouse/crash/state': () => current,
      'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: false }),
      'POST /wps/inhouse/crash/bet': () => ({
        roundId: 'crr_1',
        betId: 'crb_1',
        stake: '1.00',
        autoCashOut: null,
        balance: '99.00',
      }),
      'POST /wps/inhouse/crash/cash-out': () =>
        fail('INVALID_STATE', 409, { details: { status: 'crashed', crashPoint: '1.23' } }),
    });
    const { user } = renderCrash();
    expect(await screen.findByText(/Bets open/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crashed at 2.67×: verify' })).toHaveAttribute(
      'href',
      `/inhouse/fair?game=crash&seed=${'e'.repeat(64)}&salt=salt`,
    );
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(bodyOf(server.calls('POST /wps/inhouse/crash/bet')[0]!)).toMatchObject({
      roundId: 'crr_1',
      stake: '1.00',
    });
    current = state({
      serverTime: '2026-11-21T08:00:06.000Z',
      round: round({
        phase: 'running',
        bets: [{ betId: 'crb_1', player: 'me***', stake: '1.00', cashedOutAt: null, win: null, mine: true }],
      }),
    });
    const cashOut = await screen.findByRole('button', { name: /Cash out at/ }, { timeout: 4000 });
    await user.click(cashOut);
    expect(await screen.findByTestId('crash-notice')).toHaveTextContent(
      'Too late: the round crashed at 1.23×.',
    );
  });

  it('a visitor plays with play money, marked', async () => {
    const server = fakeServer({
      'GET /wps/inhouse/crash/state': () => state(),
      'POST /wps/inhouse/crash/free-bet': () => ({ roundId: 'crr_1', accepted: true }),
    });
    const { user } = renderCrash();
    expect(await screen.findByText('Free play · play money, not real money')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bet (free play)' }));
    expect(await screen.findByTestId('crash-balance')).toHaveTextContent('৳999.00');
    expect(server.calls('POST /wps/inhouse/crash/free-bet')).toHaveLength(1);
    expect(server.fetch.mock.calls.some(([url]) => String(url).endsWith('/crash/bet'))).toBe(false);
  });
});
