import type { SlotInfo, SlotRound, SlotSpinView } from '@platform/contract/client';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '@/test/browser-stubs';
import { fail, fakeServer } from '@/test/fake-server';
import { logIn, renderFeature } from '@/test/feature-test-utils';
import { nextAutoplay } from './autoplay';
import { SlotPage } from './slot-page';

const info = (overrides: Partial<SlotInfo> = {}): SlotInfo => ({
  statedRtp: '96.00',
  rtpVariant: '96',
  betSteps: ['0.20', '1.00', '2.00'],
  minBet: '0.20',
  maxBet: '2.00',
  paylines: Array.from({ length: 20 }, () => [1, 1, 1, 1, 1]),
  linePays: [{ symbol: 'peacock', pays: [50, 200, 750] }],
  wild: 'tiger',
  scatter: 'lantern',
  scatterPays: [5, 20, 100],
  freeSpinAwards: [10, 15, 20],
  freeSpinMultiplier: 3,
  freePlay: true,
  freePlayBalance: '1000.00',
  ...overrides,
});

const spinView = (win = '0.00', overrides: Partial<SlotSpinView> = {}): SlotSpinView => ({
  stops: [0, 0, 0, 0, 0],
  reels: Array.from({ length: 5 }, () => ['lotus', 'mango', 'kite'] as SlotSpinView['reels'][number]),
  lines: win === '0.00' ? [] : [{ line: 1, symbol: 'mango', count: 5, rows: [1, 1, 1, 1, 1], win }],
  scatter: { count: 0, win: '0.00', freeSpins: 0 },
  win,
  ...overrides,
});

const round = (overrides: Partial<SlotRound> = {}): SlotRound => ({
  roundId: 'slr_1',
  freePlay: false,
  bet: '1.00',
  win: '0.00',
  spin: spinView(),
  freeSpins: [],
  freeSpinMultiplier: 3,
  balance: '99.00',
  ...overrides,
});

const renderSlot = () =>
  renderFeature(<SlotPage />, {
    route: '/inhouse/slot',
    info: { currency: { code: 'BDT', locales: { bn: 'en-US', en: 'en-US' } } },
  });

const balanceText = () => screen.getByTestId('slot-balance').textContent;

// A busy machine takes a while to load the page's first answers.

beforeEach(() => {
  // The reels land at once: the outcome is what the tests look at, not the motion.
  installBrowserStubs({ reducedMotion: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the slot page, as a member', () => {
  it('spins for real money: the reels land on the answer, the win and the balance show', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/inhouse/slot/info': () => info(),
      'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: false }),
      'GET /wps/inhouse/slot/rounds': () => [],
      'POST /wps/inhouse/slot/spin': () => round({ win: '4.00', balance: '103.00', spin: spinView('4.00') }),
    });
    const { user } = renderSlot();
    expect(await screen.findByText('৳100.00')).toBeInTheDocument();
    expect(screen.queryByText(/Free play/)).not.toBeInTheDocument();
    expect(screen.getByText('Return to player: 96.00%')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Spin' }));
    expect(await screen.findByText('You won ৳4.00!')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Winning lines' })).toHaveTextContent('Line 1: 5 × Mango, ৳4.00');
    expect(balanceText()).toBe('৳103.00');
    const reels = screen.getByRole('list', { name: 'Reels' });
    expect(within(reels).getAllByText('Lotus')).toHaveLength(5);
    const [sent] = server.calls('POST /wps/inhouse/slot/spin');
    expect(sent?.body).toMatchObject({ bet: '1.00' });
    expect((sent?.body as { requestId: string }).requestId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('offers only the bets of the info, stepping through them', async () => {
    logIn();
    fakeServer({
      'GET /wps/inhouse/slot/info': () => info(),
      'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: false }),
      'GET /wps/inhouse/slot/rounds': () => [],
    });
    const { user } = renderSlot();
    const select = await screen.findByRole('combobox', { name: 'Bet' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['৳0.20', '৳1.00', '৳2.00']);
    expect(select).toHaveValue('1.00');
    await user.click(screen.getByRole('button', { name: 'Higher bet' }));
    expect(select).toHaveValue('2.00');
    expect(screen.getByRole('button', { name: 'Higher bet' })).toBeDisabled();
  });

  it('says why a spin was refused and keeps the balance', async () => {
    logIn();
    fakeServer({
      'GET /wps/inhouse/slot/info': () => info(),
      'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: false }),
      'GET /wps/inhouse/slot/rounds': () => [],
      'POST /wps/inhouse/slot/spin': () => fail('INSUFFICIENT_FUNDS', 409, { details: { account: 'main' } }),
    });
    const { user } = renderSlot();
    await screen.findByText('৳100.00');
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your balance cannot pay this bet.');
    expect(balanceText()).toBe('৳100.00');
  });

  it('autoplay runs the chosen count and stops on a win above the chosen amount', async () => {
    logIn();
    let spins = 0;
    const server = fakeServer({
      'GET /wps/inhouse/slot/info': () => info(),
      'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: false }),
      'GET /wps/inhouse/slot/rounds': () => [],
      'POST /wps/inhouse/slot/spin': () => {
        spins += 1;
        // The third round wins 30.00, above the 25.00 (25 bets of 1.00) chosen.
        return spins === 3
          ? round({ win: '30.00', balance: '128.00', spin: spinView('30.00') })
          : round({ balance: `${100 - spins}.00` });
      },
    });
    const { user } = renderSlot();
    await screen.findByText('৳100.00');
    await user.click(screen.getByRole('button', { name: 'Autoplay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Autoplay' });
    expect(within(dialog).getByRole('combobox', { name: 'Stop after a win above' })).toHaveValue('25');
    expect(dialog).toHaveTextContent('10 spins of ৳1.00: up to ৳10.00 will be bet.');
    await user.click(within(dialog).getByRole('button', { name: 'Start autoplay' }));
    expect(
      await screen.findByText('Autoplay stopped: a win above your amount.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(server.calls('POST /wps/inhouse/slot/spin')).toHaveLength(3);
    expect(balanceText()).toBe('৳128.00');
  });
});

describe('the slot page, free play', () => {
  it('a visitor plays with play money, marked, through the free-play call only', async () => {
    const server = fakeServer({
      'GET /wps/inhouse/slot/info': () => info(),
      'POST /wps/inhouse/slot/free-spin': () =>
        round({
          roundId: null,
          freePlay: true,
          balance: null,
          win: '2.00',
          spin: spinView('2.00'),
        }),
    });
    const { user } = renderSlot();
    expect(await screen.findByText('Free play · play money, not real money')).toBeInTheDocument();
    expect(screen.getByText('Play money')).toBeInTheDocument();
    expect(balanceText()).toBe('৳1,000.00');
    await user.click(screen.getByRole('button', { name: 'Spin (free play)' }));
    expect(await screen.findByText('You won ৳2.00!')).toBeInTheDocument();
    expect(balanceText()).toBe('৳1,001.00');
    expect(server.calls('POST /wps/inhouse/slot/free-spin')).toHaveLength(1);
    expect(server.fetch.mock.calls.some(([url]) => String(url).includes('/slot/spin'))).toBe(false);
    expect(screen.getByRole('heading', { name: 'Last free-play rounds' })).toBeInTheDocument();
  });

  it('asks a visitor to log in when free play is off', async () => {
    fakeServer({ 'GET /wps/inhouse/slot/info': () => info({ freePlay: false }) });
    renderSlot();
    expect(await screen.findByText('Log in to play Royal Bengal Reels.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Spin/ })).not.toBeInTheDocument();
  });
});

describe('autoplay decisions', () => {
  const plan = { remaining: 5, stopAbove: 1000n };
  it('goes on, stops on the count, a big win, free spins and an empty balance', () => {
    expect(nextAutoplay(plan, round(), 9_900n, 100n)).toEqual({ plan: { remaining: 4, stopAbove: 1000n } });
    expect(nextAutoplay({ ...plan, remaining: 1 }, round(), 9_900n, 100n)).toEqual({ stop: 'done' });
    expect(nextAutoplay(plan, round({ win: '10.01' }), 9_900n, 100n)).toEqual({ stop: 'bigWin' });
    expect(nextAutoplay(plan, round({ win: '10.00' }), 9_900n, 100n)).toEqual({
      plan: { remaining: 4, stopAbove: 1000n },
    });
    expect(nextAutoplay(plan, round({ freeSpins: [spinView()] }), 9_900n, 100n)).toEqual({
      stop: 'freeSpins',
    });
    expect(nextAutoplay(plan, round(), 99n, 100n)).toEqual({ stop: 'balance' });
  });
});
