import type { DiceInfo, DiceRound } from '@platform/contract/client';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '@/test/browser-stubs';
import { bodyOf, fakeServer } from '@/test/fake-server';
import { logIn, renderFeature } from '@/test/feature-test-utils';
import { DicePage } from './dice-page';

const info: DiceInfo = {
  edge: '1.00',
  minBet: '1.00',
  maxBet: '100.00',
  maxWin: '1000.00',
  minChance: '1.00',
  maxChance: '97.99',
  freePlay: true,
  freePlayBalance: '1000.00',
};
const HASH = 'a'.repeat(64);
const round = (overrides: Partial<DiceRound> = {}): DiceRound => ({
  roundId: 'dcr_1',
  freePlay: false,
  bet: '1.00',
  target: '50.00',
  direction: 'under',
  roll: '13.38',
  won: true,
  chance: '50.00',
  payout: '1.9801',
  win: '1.98',
  serverSeedHash: HASH,
  serverSeed: null,
  clientSeed: 'mine',
  nonce: 0,
  balance: '100.98',
  playedAt: '2026-11-21T08:00:00.000Z',
  ...overrides,
});

const renderDice = () =>
  renderFeature(<DicePage />, {
    route: '/inhouse/dice',
    info: { currency: { code: 'BDT', locales: { bn: 'en-US', en: 'en-US' } } },
  });

beforeEach(() => installBrowserStubs({ reducedMotion: true }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the dice page', () => {
  it('a member rolls for real money with the pair shown, and rotates it to reveal the seed', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/inhouse/dice/info': () => info,
      'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: false }),
      'GET /wps/inhouse/dice/seed': () => ({ serverSeedHash: HASH, clientSeed: 'mine', nonce: 0 }),
      'GET /wps/inhouse/dice/rounds': () => [],
      'POST /wps/inhouse/dice/bet': () => round(),
      'POST /wps/inhouse/dice/seed/rotate': () => ({
        revealed: { serverSeedHash: HASH, serverSeed: 'b'.repeat(64), clientSeed: 'mine', nonce: 1 },
        current: { serverSeedHash: 'c'.repeat(64), clientSeed: 'next', nonce: 0 },
      }),
    });
    const { user } = renderDice();
    expect(await screen.findByTestId('dice-seed-hash')).toHaveTextContent(HASH);
    expect(
      screen.getByText('House edge 1.00%: the payout is (100 − 1.00) ÷ win chance.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('dice-payout')).toHaveTextContent('1.9801×');
    await user.click(screen.getByRole('button', { name: 'Roll' }));
    expect(await screen.findByTestId('dice-roll')).toHaveTextContent('13.38');
    expect(bodyOf(server.calls('POST /wps/inhouse/dice/bet')[0]!)).toMatchObject({
      bet: '1.00',
      target: '50.00',
      direction: 'under',
    });
    await user.type(screen.getByLabelText('New client seed (optional)'), 'next');
    await user.click(screen.getByRole('button', { name: 'Rotate seed pair' }));
    expect(await screen.findByTestId('dice-revealed-seed')).toHaveTextContent('b'.repeat(64));
    expect(bodyOf(server.calls('POST /wps/inhouse/dice/seed/rotate')[0]!)).toEqual({ clientSeed: 'next' });
  });

  it('a visitor plays with play money, marked, through the free call only', async () => {
    const server = fakeServer({
      'GET /wps/inhouse/dice/info': () => info,
      'POST /wps/inhouse/dice/free-bet': () =>
        round({
          roundId: null,
          freePlay: true,
          balance: null,
          serverSeed: 'd'.repeat(64),
          win: '0.00',
          won: false,
        }),
    });
    const { user } = renderDice();
    expect(await screen.findByText('Free play · play money, not real money')).toBeInTheDocument();
    expect(screen.getByTestId('dice-balance')).toHaveTextContent('৳1,000.00');
    await user.click(screen.getByRole('button', { name: 'Roll (free play)' }));
    expect(await screen.findByText('No win this time.')).toBeInTheDocument();
    expect(screen.getByTestId('dice-balance')).toHaveTextContent('৳999.00');
    expect(server.fetch.mock.calls.some(([url]) => String(url).includes('/dice/bet'))).toBe(false);
  });
});
