import type { SiteInfo, VnGameMenu, VnOpenedGame, VnResultRow } from '@platform/contract/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '@/test/browser-stubs';
import { permissionQueryOptions } from '@/features/system';
import enCommon from '@/i18n/locales/en/common.json';
import enVn from '@/i18n/locales/en/vnlottery.json';
import { fakeServer } from '@/test/fake-server';
import { logIn } from '@/test/feature-test-utils';
import { headTailRows } from './head-tail';
import { VnLotteryPage } from './vn-lottery-page';

const NORTH_TIERS = [
  ['12345'],
  ['67890'],
  ['11145', '22290'],
  ['33301', '44402', '55503', '66604', '77705', '88806'],
  ['1207', '3445', '5609', '7810'],
  ['0011', '2212', '4413', '6614', '8815', '9916'],
  ['145', '217', '318'],
  ['45', '19', '20', '07'],
];

const menu: VnGameMenu = {
  regions: [
    {
      region: 'north',
      games: [
        {
          gameCode: 'VN-MB-1',
          gameName: 'Miền Bắc 1 phút',
          region: 'north',
          kind: 'fast',
          intervalSeconds: 60,
          drawTime: null,
        },
        {
          gameCode: 'VN-MB',
          gameName: 'Miền Bắc',
          region: 'north',
          kind: 'daily',
          intervalSeconds: 86_400,
          drawTime: '18:15',
        },
      ],
    },
    {
      region: 'south',
      games: [
        {
          gameCode: 'VN-MN-5',
          gameName: 'Miền Nam 5 phút',
          region: 'south',
          kind: 'fast',
          intervalSeconds: 300,
          drawTime: null,
        },
      ],
    },
  ],
};

const now = new Date('2026-11-26T03:00:00Z');
const opened = (overrides: Partial<VnOpenedGame> = {}): VnOpenedGame => ({
  game: menu.regions[0]!.games[0]!,
  period: {
    periodNo: '20261126-0181',
    state: 'open',
    cutoffAt: new Date(now.getTime() + 45_000).toISOString(),
    drawAt: new Date(now.getTime() + 60_000).toISOString(),
  },
  odds: {
    de: { '': '95.000' },
    lo2: { '': '95.000' },
    xien2: { '': '16.000' },
    'lo-truot': { '4': '2.800', '8': '8.000', '10': '14.000' },
  },
  minBet: '1.00',
  maxBet: '1000.00',
  last: { periodNo: '20261126-0180', drawAt: now.toISOString(), state: 'settled', tiers: NORTH_TIERS },
  serverTime: now.toISOString(),
  ...overrides,
});
const history: VnResultRow[] = [
  { periodNo: '20261126-0180', drawAt: now.toISOString(), state: 'settled', tiers: NORTH_TIERS },
  { periodNo: '20261126-0179', drawAt: now.toISOString(), state: 'cancelled', tiers: null },
];

function renderPage(path = '/vnlottery') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'vnlottery'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, vnlottery: enVn } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionQueryOptions().queryKey, {
    info: { currency: { code: 'BDT', locales: { bn: 'en-US', en: 'en-US' } } } as SiteInfo,
  });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
  const user = userEvent.setup();
  return { ...render(<VnLotteryPage />, { wrapper: Wrapper }), user };
}

// a hundred number buttons and typing: slow on a busy machine
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the đầu/đuôi table', () => {
  it('groups the last two digits of every prize by tens and by units, repeats kept', () => {
    const rows = headTailRows(NORTH_TIERS);
    expect(rows[4]).toEqual({ digit: 4, heads: ['5', '5', '5', '5', '5'], tails: ['0', '1'] });
    expect(rows[0]?.heads).toEqual(['1', '2', '3', '4', '5', '6', '7', '7', '9']);
    expect(rows[7]?.tails).toEqual(['0', '0', '1']);
    expect(rows.reduce((sum, row) => sum + row.heads.length, 0)).toBe(27);
  });
});

describe('/vnlottery', () => {
  it('shows the menu by region, the open period and the last result with its lô marked', async () => {
    const server = fakeServer({
      'GET /lgw/vn/games/game_menu': () => menu,
      'GET /lgw/vn/numeros/opened/game': () => opened(),
      'GET /lgw/vn/numeros': () => history,
    });
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Vietnamese lottery games' });
    expect(within(nav).getByText('Miền Bắc (North)')).toBeInTheDocument();
    expect(within(nav).getByText('daily at 18:15 Vietnam time')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Miền Bắc 1 phút/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByText('Period 20261126-0181')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Betting closes in' })).toBeInTheDocument();

    const [table] = screen.getAllByRole('table', { name: 'Result of period 20261126-0180' });
    if (!table) throw new Error('no result table');
    const special = within(table).getByTestId('vn-tier-0');
    expect(special).toHaveTextContent('12345');
    expect(within(special).getByText('45').tagName).toBe('MARK');
    expect(within(table).getByTestId('vn-tier-7')).toHaveTextContent('45192007');
    expect(screen.getByRole('table', { name: 'Đầu / đuôi of period 20261126-0180' })).toHaveTextContent(
      '45, 45, 45, 45, 45',
    );
    expect(await screen.findByText('Cancelled, refunded')).toBeInTheDocument();

    const [asked] = server.calls('GET /lgw/vn/numeros');
    expect(asked?.query.get('count')).toBe('100');
    expect(server.calls('GET /lgw/vn/numeros/opened/game')[0]?.query.get('gameCode')).toBe('VN-MB-1');
  });

  it('builds a slip: lô costs 27 × the stake in the North, xiên needs its numbers, quick pick fills them', async () => {
    fakeServer({
      'GET /lgw/vn/games/game_menu': () => menu,
      'GET /lgw/vn/numeros/opened/game': () => opened(),
      'GET /lgw/vn/numeros': () => history,
    });
    const { user } = renderPage('/vnlottery?gameCode=VN-MB-1');
    const picker = await screen.findByRole('group', { name: 'Choose 1 number' });
    await user.click(within(picker).getByRole('button', { name: '45' }));
    expect(within(picker).getByRole('button', { name: '45' })).toHaveAttribute('aria-pressed', 'true');
    const stake = screen.getByLabelText('Stake per prize');
    await user.clear(stake);
    await user.type(stake, '2');
    expect(
      screen.getByText(/Costs .*54\.00 \(27 × stake\); pays 95\.000 × stake per win\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to slip' }));
    const slip = screen.getByRole('region', { name: 'Bet slip' });
    expect(slip).toHaveTextContent('Lô (bao lô 2 số) · 45');

    await user.selectOptions(screen.getByLabelText('Bet type'), 'xien2');
    const add = screen.getByRole('button', { name: 'Add to slip' });
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Quick pick' }));
    expect(screen.getByText(/^Chosen: \d\d, \d\d$/)).toBeInTheDocument();
    expect(add).toBeEnabled();
    await user.click(add);
    expect(within(slip).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(slip).getByRole('button', { name: 'Remove bet 1' }));
    expect(within(slip).getAllByRole('listitem')).toHaveLength(1);
  });

  it('places the slip as a member on the open period and lists the bet with its result once settled', async () => {
    installBrowserStubs();
    logIn();
    let settled = false;
    const bet = {
      betId: 'L0000001',
      gameCode: 'VN-MB-1',
      periodNo: '20261126-0181',
      betType: 'lo2',
      selection: ['45'],
      odds: '95',
      units: 27,
      stake: '2.00',
      amount: '54.00',
      potentialWin: '190.00',
      status: 'pending' as const,
      hits: 0,
      win: '0.00',
      placedAt: now.toISOString(),
      settledAt: null,
    };
    const server = fakeServer({
      'GET /lgw/vn/games/game_menu': () => menu,
      'GET /lgw/vn/numeros/opened/game': () => opened(),
      'GET /lgw/vn/numeros': () => history,
      'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: false }),
      'POST /wps/lottery/bets': () => ({ bets: [bet], totalStake: '54.00', balance: '46.00' }),
      'GET /wps/lottery/bets': () => ({
        list: settled ? [{ ...bet, status: 'win' as const, hits: 2, win: '380.00' }] : [],
        pageNo: 1,
        pageSize: 10,
        totalCount: settled ? 1 : 0,
        totalPages: 1,
      }),
    });
    const { user } = renderPage('/vnlottery?gameCode=VN-MB-1');
    const picker = await screen.findByRole('group', { name: 'Choose 1 number' });
    await user.click(within(picker).getByRole('button', { name: '45' }));
    const stake = screen.getByLabelText('Stake per prize');
    await user.clear(stake);
    await user.type(stake, '2');
    await user.click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(screen.getByText(/^Total .*54\.00$/)).toBeInTheDocument();
    settled = true;
    await user.click(screen.getByRole('button', { name: 'Place bets' }));
    expect(await screen.findByText(/1 bet placed\. Balance .*46\.00\./)).toBeInTheDocument();
    const [sent] = server.calls('POST /wps/lottery/bets');
    expect(sent?.body).toMatchObject({
      gameCode: 'VN-MB-1',
      periodNo: '20261126-0181',
      bets: [{ betType: 'lo2', selection: ['45'], stake: '2.00' }],
    });
    const mine = await screen.findByRole('region', { name: 'My bets' });
    expect(mine).toHaveTextContent(/Won .*380\.00 \(2×\)/);
  });

  it('says so when there are no VN games', async () => {
    fakeServer({ 'GET /lgw/vn/games/game_menu': () => ({ regions: [] }) });
    renderPage();
    expect(await screen.findByText('No Vietnamese lottery games are open.')).toBeInTheDocument();
  });
});
