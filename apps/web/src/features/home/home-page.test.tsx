import type { BigWin, GameItem, GameList } from '@platform/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, memberInfo } from '@/test/feature-test-utils';
import { fakeServer, type FakeHandlers, type FakeServer } from '@/test/fake-server';
import { normalSiteRoutes, renderApp, startI18n, vendorList } from '@/test/shell-test-utils';

/** An IntersectionObserver the test moves (jsdom has no layout): `bringAllIntoView()` as scrolling would. */
class TestObserver {
  static all = new Set<TestObserver>();
  watched: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestObserver.all.add(this);
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  unobserve() {}
  disconnect() {
    TestObserver.all.delete(this);
  }
  takeRecords() {
    return [];
  }
  static bringAllIntoView() {
    for (const observer of [...TestObserver.all]) {
      const entries = observer.watched.map(
        (target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry,
      );
      observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

const SLOW = { timeout: 5000 };

const game = (code: string, name: string, flags: Partial<GameItem> = {}): GameItem => ({
  nodeId: `DEMO_RNG-${code}`,
  vassalage: 'DEMO_RNG',
  gameType: 'RNG',
  gameCode: code,
  gameName: name,
  gameClassify: 'SLOT',
  minBet: '1.00',
  minLineNum: null,
  platform: ['html5-desktop', 'html5'],
  imageUrl: `/demo/games/${code}.svg`,
  isHot: false,
  isNew: false,
  ...flags,
});
const mango = game('mango-grove', 'Mango Grove', { isHot: true, isNew: true });
const lanterns = game('river-lanterns', 'River Lanterns', { isNew: true });

const list = (games: GameItem[]): GameList => ({
  games,
  pageNo: 1,
  pageSize: 12,
  totalCount: games.length,
  totalPages: 1,
});

const win: BigWin = {
  player: 'ra***7',
  gameName: 'Mango Grove',
  nodeId: mango.nodeId,
  amount: '60.00',
  multiplier: 30,
  at: '2026-11-25T10:00:00.000Z',
};

function homeServer(extra: FakeHandlers = {}): FakeServer {
  return fakeServer({
    ...normalSiteRoutes({ vendors: vendorList({ LOTT: ['TCG_SEA'], LIVE: ['EVO'], RNG: ['DEMO_RNG'] }) }),
    'GET /wps/game/big-wins': () => ({ list: [win] }),
    'GET /wps/game/list': ({ query }) => {
      if (query.get('gameType') !== 'RNG') return list([]);
      return list(query.get('isHot') === '1' ? [mango] : [mango, lanterns]);
    },
    ...extra,
  });
}

// The home page and its lazy rows load on a busy machine: more than vitest's usual 5 s.
describe('home', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await startI18n('en');
    TestObserver.all.clear();
    vi.stubGlobal('IntersectionObserver', TestObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a tile with its icon for each category with vendors, leading to its lobby (lottery starts its vendor)', async () => {
    homeServer();
    renderApp('/');
    const tiles = await screen.findByRole('region', { name: 'Game categories' }, SLOW);
    const slots = await within(tiles).findByRole('link', { name: 'Slots' });
    expect(slots).toHaveAttribute('href', '/rng');
    expect(within(tiles).getByRole('link', { name: 'Live Casino' })).toHaveAttribute('href', '/live');
    expect(within(tiles).getByRole('button', { name: 'Lottery' })).toBeInTheDocument();
    expect(within(tiles).queryByRole('link', { name: 'Fishing' })).not.toBeInTheDocument();
    const icons = tiles.querySelectorAll('svg.category-icon');
    expect([...icons].map((icon) => icon.getAttribute('data-category'))).toEqual(['LOTT', 'LIVE', 'RNG']);
    for (const icon of icons) expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the big wins once, masked, as a still list for readers: no live region, the loop copy hidden', async () => {
    const server = homeServer();
    renderApp('/');
    const ticker = await screen.findByRole('region', { name: 'Big wins' }, SLOW);
    const items = within(ticker).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^ra\*\*\*7 won .*60\.00 in Mango Grove \(30×\)$/),
    ]);
    expect(ticker.querySelector('[aria-live]')).toBeNull();
    expect(ticker.querySelector('.ticker__list--copy')).toHaveAttribute('aria-hidden', 'true');
    expect(Object.fromEntries(server.calls('GET /wps/game/big-wins')[0]!.query)).toEqual({ limit: '10' });
  });

  it('shows no ticker at all when there are no big wins', async () => {
    const server = homeServer({ 'GET /wps/game/big-wins': () => ({ list: [] }) });
    renderApp('/');
    await screen.findByRole('region', { name: 'Game categories' }, SLOW);
    await waitFor(() => expect(server.calls('GET /wps/game/big-wins')).toHaveLength(1), SLOW);
    await waitFor(() => expect(document.querySelector('.home-tile')).not.toBeNull());
    expect(screen.queryByRole('region', { name: 'Big wins' })).not.toBeInTheDocument();
    expect(document.querySelector('.ticker')).toBeNull();
  });

  it('asks for a category’s hot and new rows when they near the screen; a game is not shown twice; an empty category is left out', async () => {
    const server = homeServer();
    renderApp('/');
    await screen.findByRole('region', { name: 'Game categories' }, SLOW);
    await waitFor(() => expect(TestObserver.all.size).toBeGreaterThan(0), SLOW);
    expect(server.calls('GET /wps/game/list')).toHaveLength(0);
    TestObserver.bringAllIntoView();

    const slots = await screen.findByRole('region', { name: 'Slots' }, SLOW);
    const hot = await within(slots).findByRole('region', { name: 'Hot' });
    const fresh = within(slots).getByRole('region', { name: 'New' });
    expect(
      within(hot)
        .getAllByRole('button', { name: /^Play / })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Play Mango Grove']);
    expect(
      within(fresh)
        .getAllByRole('button', { name: /^Play / })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Play River Lanterns']);
    expect(within(slots).getByRole('link', { name: 'See all Slots games' })).toHaveAttribute('href', '/rng');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Live Casino' })).not.toBeInTheDocument(),
    );

    const asked = server.calls('GET /wps/game/list').map((call) => Object.fromEntries(call.query));
    expect(asked).toContainEqual(
      expect.objectContaining({ gameType: 'RNG', isHot: '1', pageSize: '12', pageNo: '1' }),
    );
    expect(asked).toContainEqual(expect.objectContaining({ gameType: 'RNG', isNew: '1', pageSize: '12' }));
  });

  it('asks a visitor who taps a game to log in, and launches nothing', async () => {
    const server = homeServer();
    renderApp('/');
    await screen.findByRole('region', { name: 'Game categories' }, SLOW);
    await waitFor(() => expect(TestObserver.all.size).toBeGreaterThan(0), SLOW);
    TestObserver.bringAllIntoView();
    const slots = await screen.findByRole('region', { name: 'Slots' }, SLOW);
    await userEvent.click(await within(slots).findByRole('button', { name: 'Play River Lanterns' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' }, SLOW)).toBeInTheDocument();
    expect(server.calls('POST /wps/game/launchGame')).toHaveLength(0);
  });

  it('shows a member’s recent and favourite games of every category', async () => {
    logIn();
    const server = homeServer({
      'GET /wps/member/info': () => memberInfo(),
      'GET /wps/member/unread': () => ({ count: 0 }),
      'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: false }),
      'GET /wps/game/recent': () => ({ list: [lanterns], totalPages: 1 }),
      'GET /wps/game/favourites': () => ({ content: [mango], totalPages: 1 }),
      'GET /wps/game/favourites/ids': () => ({ ids: [mango.nodeId] }),
    });
    renderApp('/');
    const recent = await screen.findByRole('region', { name: 'Recently played' }, SLOW);
    expect(within(recent).getByRole('button', { name: 'Play River Lanterns' })).toBeInTheDocument();
    const favourites = screen.getByRole('region', { name: 'My favourites' });
    expect(within(favourites).getByRole('button', { name: 'Favourite: Mango Grove' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(server.calls('GET /wps/game/recent')[0]!.query.get('gameType')).toBeNull();
  });
});
