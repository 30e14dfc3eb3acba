import type { GameItem, PvpRoom, PvpRooms } from '@platform/contract/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, memberInfo } from '@/test/feature-test-utils';
import { bodyOf, fakeServer, type FakeHandlers, type FakeServer } from '@/test/fake-server';
import { normalSiteRoutes, renderApp, startI18n, vendorList } from '@/test/shell-test-utils';

/** The lazily loaded lobby takes longer than a findBy's usual second on a busy machine. */
const SLOW = { timeout: 10_000 };

class QuietObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const room = (roomId: string, taken: boolean[], overrides: Partial<PvpRoom> = {}): PvpRoom => ({
  roomId,
  nodeId: 'CARDS-showdown',
  vassalage: 'CARDS',
  gameCode: 'showdown',
  gameName: 'Showdown (demo)',
  name: { en: `Room ${roomId}`, bn: `রুম ${roomId}` },
  minBet: '10.00',
  seats: taken.map((seat, index) => ({ seat: index, taken: seat })),
  seatsFree: taken.filter((seat) => !seat).length,
  ...overrides,
});

const game = (vassalage: string, gameName: string): GameItem => ({
  nodeId: `${vassalage}-${gameName.toLowerCase().replaceAll(' ', '-')}`,
  vassalage,
  gameType: 'LIVE',
  gameCode: gameName.toLowerCase().replaceAll(' ', '-'),
  gameName,
  gameClassify: 'TABLE',
  minBet: '5.00',
  minLineNum: null,
  platform: ['html5-desktop', 'html5'],
  imageUrl: null,
  isHot: false,
  isNew: false,
});

const memberRoutes: FakeHandlers = {
  'GET /wps/member/info': () => memberInfo(),
  'GET /wps/member/unread': () => ({ count: 0 }),
  'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: false }),
  'GET /wps/game/recent': () => ({ list: [], totalPages: 0 }),
  'GET /wps/game/favourites': () => ({ content: [], totalPages: 0 }),
  'GET /wps/game/favourites/ids': () => ({ ids: [] }),
};

function server(rooms: () => PvpRooms, extra: FakeHandlers = {}): FakeServer {
  return fakeServer({
    ...normalSiteRoutes({
      vendors: vendorList({ PVP: ['CARDS'], LIVE: ['TABLES'], RNG: ['REELS', 'SPINS'], LOTT: ['TCG_SEA'] }),
    }),
    'GET /wps/game/list': ({ query }) => ({
      games: query.get('vassalage') === 'TABLES' ? [game('TABLES', 'Teak Roulette')] : [],
      pageNo: 1,
      pageSize: 42,
      totalCount: query.get('vassalage') === 'TABLES' ? 1 : 0,
      totalPages: query.get('vassalage') === 'TABLES' ? 1 : 0,
    }),
    'GET /wps/game/pvp/rooms': () => rooms(),
    ...extra,
  });
}

// Each journey waits for lazily loaded chunks (lobby, login modal): slow on a busy machine.
describe('the PVP lobby and vendor entries', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await startI18n('en');
    vi.stubGlobal('IntersectionObserver', QuietObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each room with its game, bet and seats in words; a full room cannot be joined', async () => {
    const calls = server(() => ({
      state: 'ok',
      rooms: [room('a', [true, false, false]), room('b', [true, true])],
    }));
    renderApp('/pvp');
    const first = await screen.findByRole('listitem', { name: 'Room a' }, SLOW);
    expect(within(first).getByText('Showdown (demo)')).toBeInTheDocument();
    expect(within(first).getByText(/Bet .*10\.00 a hand/)).toBeInTheDocument();
    expect(within(first).getByText('2 of 3 seats free')).toBeInTheDocument();
    const seats = within(first).getByRole('list', { name: 'Seats of Room a' });
    expect(
      within(seats)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Seat 1: taken', 'Seat 2: free', 'Seat 3: free']);
    expect(within(first).getByRole('button', { name: 'Join Room a' })).toBeEnabled();
    const full = screen.getByRole('listitem', { name: 'Room b' });
    expect(within(full).getByRole('button', { name: 'Join Room b' })).toBeDisabled();
    expect(within(full).getByText('Room full')).toBeInTheDocument();
    expect(calls.calls('GET /wps/game/pvp/rooms')[0]?.query.get('vassalage')).toBe('CARDS');
  });

  it('asks a visitor to log in before joining, and launches nothing', async () => {
    const calls = server(() => ({ state: 'ok', rooms: [room('a', [false, false])] }));
    renderApp('/pvp');
    await userEvent.click(await screen.findByRole('button', { name: 'Join Room a' }, SLOW));
    expect(await screen.findByRole('dialog', { name: 'Log in' }, SLOW)).toBeInTheDocument();
    expect(calls.calls('POST /wps/game/launchGame')).toHaveLength(0);
  });

  it("opens a member's room in the /game frame with the room's id in the launch request", async () => {
    logIn(0);
    const url = 'https://cards.example.com/v/CARDS/play?token=t&room=a';
    const calls = server(() => ({ state: 'ok', rooms: [room('a', [false, false])] }), {
      ...memberRoutes,
      'POST /wps/game/launchGame': () => ({
        game_url: url,
        game_url2: url,
        mode: 'real',
        launch_mode: 'frame',
      }),
    });
    const app = renderApp('/pvp');
    await userEvent.click(await screen.findByRole('button', { name: 'Join Room a' }, SLOW));
    const frame = await screen.findByTitle('Showdown (demo) — Room a game', {}, SLOW);
    expect(frame).toHaveAttribute('src', url);
    expect(app.router().state.location.pathname).toBe('/game');
    expect(bodyOf(calls.calls('POST /wps/game/launchGame')[0]!)).toMatchObject({
      nodeId: 'CARDS-showdown',
      roomId: 'a',
      vassalage: 'CARDS',
    });
  });

  it('says so when the provider does not answer, with a way to try again', async () => {
    let state: PvpRooms = { state: 'unavailable', rooms: [] };
    server(() => state);
    renderApp('/pvp');
    expect(await screen.findByText('Rooms cannot be shown right now', {}, SLOW)).toBeInTheDocument();
    state = { state: 'ok', rooms: [room('a', [false])] };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Join Room a' }, SLOW)).toBeInTheDocument();
  });

  it("opens a vendor entry whose isGame is VASSALAGE as a popup list of that vendor's games", async () => {
    server(() => ({ state: 'ok', rooms: [] }));
    renderApp('/');
    const providers = await screen.findByRole('region', { name: 'Game providers' }, SLOW);
    await userEvent.click(within(providers).getByRole('button', { name: 'TABLES' }));
    const dialog = await screen.findByRole('dialog', { name: 'TABLES games' }, SLOW);
    expect(
      await within(dialog).findByRole('button', { name: 'Play Teak Roulette' }, SLOW),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'TABLES games' })).toBeNull());
  });

  it('stores a slots vendor before /rng opens, and /rng opens on its tab', async () => {
    server(() => ({ state: 'ok', rooms: [] }));
    const app = renderApp('/');
    const providers = await screen.findByRole('region', { name: 'Game providers' }, SLOW);
    await userEvent.click(within(providers).getByRole('button', { name: 'SPINS' }));
    await vi.waitFor(() => expect(app.router().state.location.pathname).toBe('/rng'));
    expect(sessionStorage.getItem('vassalage')).toBe('SPINS');
    expect(await screen.findByRole('tab', { name: /^SPINS/, selected: true }, SLOW)).toBeInTheDocument();
  });

  it("opens TCG_SEA's special window for a member, says so when the browser blocks it, and asks a visitor to log in", async () => {
    server(() => ({ state: 'ok', rooms: [] }), memberRoutes);
    const open = vi.fn<typeof window.open>(() => null);
    vi.stubGlobal('open', open);
    renderApp('/');
    const providers = await screen.findByRole('region', { name: 'Game providers' }, SLOW);
    await userEvent.click(within(providers).getByRole('button', { name: 'TCG_SEA' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' }, SLOW)).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');

    logIn(0);
    await userEvent.click(within(providers).getByRole('button', { name: 'TCG_SEA' }));
    expect(open).toHaveBeenCalledWith(
      '/lottery?vassalage=TCG_SEA',
      'TCG_SEA',
      expect.stringContaining('popup'),
    );
    expect(
      await screen.findByText(
        "Your browser blocked the game's window. Please allow pop-ups for this site and try again.",
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
  });

  it('shows /inhouse closed, with a way home, while our own games are off', async () => {
    server(() => ({ state: 'ok', rooms: [] }));
    renderApp('/inhouse');
    expect(await screen.findByText('Our own games are closed for now', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it("lists our own games in /inhouse and opens one's page for a visitor, who plays it for free", async () => {
    const calls = fakeServer({
      ...normalSiteRoutes({ vendors: vendorList({ RNG: ['INHOUSE', 'REELS'] }) }),
      'GET /wps/game/list': ({ query }) => {
        const games =
          query.get('vassalage') === 'INHOUSE'
            ? [
                {
                  ...game('INHOUSE', 'Fair Dice'),
                  gameCode: 'dice',
                  nodeId: 'INHOUSE-dice',
                  gameType: 'RNG' as const,
                },
              ]
            : [];
        return { games, pageNo: 1, pageSize: 42, totalCount: games.length, totalPages: games.length };
      },
    });
    const app = renderApp('/inhouse');
    await userEvent.click(await screen.findByRole('button', { name: 'Play Fair Dice' }, SLOW));
    await vi.waitFor(() => expect(app.router().state.location.pathname).toBe('/inhouse/dice'));
    // No login asked and no launch: free play needs neither.
    expect(calls.calls('POST /wps/game/launchGame')).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
