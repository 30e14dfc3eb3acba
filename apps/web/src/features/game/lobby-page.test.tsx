import type { GameItem, GameList } from '@platform/contract/client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, renderApp, startI18n, vendorList } from '@/test/shell-test-utils';
import { logIn, memberInfo } from '@/test/feature-test-utils';
import { bodyOf, fail, fakeServer, type FakeHandlers, type FakeServer } from '@/test/fake-server';
import { launchModeOf, openGameWindow } from './use-launch-game';

/**
 * An IntersectionObserver the test moves: `scrollTo(element)` tells every observer watching it that it
 * came into view, as scrolling would (jsdom has no layout, so nothing intersects on its own).
 */
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
  static bringIntoView(element: Element) {
    for (const observer of [...TestObserver.all]) {
      if (!observer.watched.includes(element)) continue;
      const entry = { isIntersecting: true, target: element } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}

const game = (vassalage: string, index: number, overrides: Partial<GameItem> = {}): GameItem => ({
  nodeId: `${vassalage}-${String(index).padStart(4, '0')}`,
  vassalage,
  gameType: 'RNG',
  gameCode: String(index).padStart(4, '0'),
  gameName: `${vassalage} Game ${index}`,
  gameClassify: 'SLOT',
  minBet: '0.10',
  minLineNum: null,
  platform: ['html5-desktop', 'html5'],
  imageUrl: null,
  isHot: false,
  isNew: false,
  ...overrides,
});

/** A page of the game list: `count` games of a vendor, numbered from `from`. */
const page = (vassalage: string, pageNo: number, totalPages: number, count: number): GameList => ({
  games: Array.from({ length: count }, (_, index) => game(vassalage, (pageNo - 1) * 42 + index + 1)),
  pageNo,
  pageSize: 42,
  totalCount: (totalPages - 1) * 42 + count,
  totalPages,
});

/** The first screen waits for the lazily loaded lobby, slower than a findBy's usual second on a busy machine. */
const SLOW = { timeout: 5000 };

const tiger = game('PG', 7, { gameName: 'Fortune Tiger', gameClassify: 'SLOT' });

function lobbyServer(extra: FakeHandlers = {}): FakeServer {
  return fakeServer({
    ...normalSiteRoutes({ vendors: vendorList({ RNG: ['PG', 'JILI', 'CQ9'], LIVE: ['EVO'] }) }),
    'GET /wps/game/list': ({ query }) => {
      const vendor = query.get('vassalage') ?? 'PG';
      if (query.get('gameName')?.toLowerCase() === 'tiger')
        return { ...page(vendor, 1, 1, 0), games: [tiger], totalCount: 1 };
      if (query.get('gameName')) return page(vendor, 1, 0, 0);
      return page(vendor, Number(query.get('pageNo') ?? 1), 2, 42);
    },
    ...extra,
  });
}

/** The calls a logged-in member's page makes besides the lobby's. */
const memberRoutes = (type: 0 | 4 = 0): FakeHandlers => ({
  'GET /wps/member/info': () => memberInfo({ type }),
  'GET /wps/member/unread': () => ({ count: 0 }),
  'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: type === 4 }),
  'GET /wps/game/recent': () => ({ list: [game('JILI', 3, { gameName: 'Recent Jackpot' })], totalPages: 1 }),
  'GET /wps/game/favourites': () => ({ content: [], totalPages: 0 }),
  'GET /wps/game/favourites/ids': () => ({ ids: [] }),
});

describe('game lobby', () => {
  beforeEach(async () => {
    await startI18n('en');
    TestObserver.all.clear();
    vi.stubGlobal('IntersectionObserver', TestObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows one tab per vendor, each 100/count % wide, titled with the game-hall suffix', async () => {
    lobbyServer();
    renderApp('/rng');
    const tablist = await screen.findByRole('tablist', { name: 'Slots providers' }, SLOW);
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['PG Game Hall', 'JILI Game Hall', 'CQ9 Game Hall']);
    for (const tab of tabs) expect(tab.style.width).toBe(`${100 / 3}%`);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'PG Game Hall' });
    expect(await within(panel).findByRole('button', { name: 'Play PG Game 1' }, SLOW)).toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'PG games' })).toBeInTheDocument();
  });

  it('selects the tab named by ?page, by vendor code or by position, and asks for that vendor’s games', async () => {
    const server = lobbyServer();
    const byCode = renderApp('/rng?page=JILI');
    expect(await screen.findByRole('tab', { name: 'JILI Game Hall' }, SLOW)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('button', { name: 'Play JILI Game 1' }, SLOW)).toBeInTheDocument();
    const asked = server.calls('GET /wps/game/list')[0]!.query;
    expect(Object.fromEntries(asked)).toMatchObject({
      gameType: 'RNG',
      vassalage: 'JILI',
      pageNo: '1',
      pageSize: '42',
      clientType: '3',
    });
    byCode.unmount();

    renderApp('/rng?page=2');
    expect(await screen.findByRole('tab', { name: 'CQ9 Game Hall' }, SLOW)).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('changes tab on click, records it in ?page and shows that vendor’s games', async () => {
    lobbyServer();
    const app = renderApp('/rng');
    await userEvent.click(await screen.findByRole('tab', { name: 'CQ9 Game Hall' }, SLOW));
    expect(screen.getByRole('tab', { name: 'CQ9 Game Hall' })).toHaveAttribute('aria-selected', 'true');
    expect(app.router().state.location.search).toBe('?page=CQ9');
    expect(await screen.findByRole('button', { name: 'Play CQ9 Game 1' }, SLOW)).toBeInTheDocument();
  });

  it('gives a single vendor the whole row', async () => {
    lobbyServer();
    renderApp('/live');
    expect(await screen.findByRole('tab', { name: 'EVO Game Hall' }, SLOW)).toHaveStyle({ width: '100%' });
  });

  it('searches by name and shows what matches', async () => {
    const server = lobbyServer();
    const app = renderApp('/rng');
    await screen.findByRole('button', { name: 'Play PG Game 1' }, SLOW);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search games' }), 'tiger');
    expect(await screen.findByRole('button', { name: 'Play Fortune Tiger' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('1 game')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play PG Game 1' })).not.toBeInTheDocument();
    expect(server.calls('GET /wps/game/list').at(-1)!.query.get('gameName')).toBe('tiger');
    expect(app.router().state.location.search).toBe('?q=tiger');
  });

  it('filters by smallest stake and type', async () => {
    const server = lobbyServer();
    renderApp('/rng');
    await screen.findByRole('button', { name: 'Play PG Game 1' }, SLOW);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Smallest bet' }), '1.00');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'SLOT');
    const last = server.calls('GET /wps/game/list').at(-1)!.query;
    expect(last.get('minBet')).toBe('1.00');
    expect(last.get('gameClassify')).toBe('SLOT');
  });

  it('loads page 2 when the end of the grid scrolls into view', async () => {
    const server = lobbyServer();
    const { container } = renderApp('/rng');
    await screen.findByRole('button', { name: 'Play PG Game 42' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Play PG Game 43' })).not.toBeInTheDocument();
    const sentinel = container.querySelector('.game-grid__sentinel');
    expect(sentinel).not.toBeNull();
    act(() => TestObserver.bringIntoView(sentinel!));
    expect(await screen.findByRole('button', { name: 'Play PG Game 84' }, SLOW)).toBeInTheDocument();
    expect(server.calls('GET /wps/game/list').map((call) => call.query.get('pageNo'))).toEqual(['1', '2']);
    expect(screen.getAllByRole('button', { name: /^Play PG Game/ })).toHaveLength(84);
    expect(screen.getByText('You have seen every game')).toBeInTheDocument();
  });

  it('shows skeletons while the games are on their way', async () => {
    let answer: (list: GameList) => void = () => undefined;
    lobbyServer({ 'GET /wps/game/list': () => new Promise<GameList>((resolve) => (answer = resolve)) });
    const { container } = renderApp('/rng');
    expect(await screen.findByText('Loading games', {}, SLOW)).toBeInTheDocument();
    expect(container.querySelectorAll('.game-card--skeleton').length).toBeGreaterThan(0);
    act(() => answer(page('PG', 1, 1, 3)));
    expect(await screen.findByRole('button', { name: 'Play PG Game 3' }, SLOW)).toBeInTheDocument();
    expect(container.querySelectorAll('.game-card--skeleton')).toHaveLength(0);
  });

  it('shows an empty state with a way back when nothing matches', async () => {
    lobbyServer();
    renderApp('/rng?q=nothing');
    expect(await screen.findByText('No games found', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('shows an empty state with a way home for a vendor without games', async () => {
    lobbyServer({ 'GET /wps/game/list': () => page('EVO', 1, 0, 0) });
    renderApp('/live');
    expect(await screen.findByText('No games found', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('says a category without vendors is not open, with a way home', async () => {
    lobbyServer();
    renderApp('/fish');
    expect(await screen.findByText('This lobby is not open', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows a member’s recent games row; a visitor gets no rows and no member calls', async () => {
    const visitor = lobbyServer();
    const first = renderApp('/rng');
    await screen.findByRole('button', { name: 'Play PG Game 1' }, SLOW);
    expect(screen.queryByRole('heading', { name: 'Recently played' })).not.toBeInTheDocument();
    expect(visitor.calls('GET /wps/game/recent')).toHaveLength(0);
    first.unmount();

    logIn(0);
    lobbyServer(memberRoutes());
    renderApp('/rng');
    const row = (await screen.findByRole('heading', { name: 'Recently played' }, SLOW)).closest('section')!;
    expect(within(row).getByRole('button', { name: 'Play Recent Jackpot' })).toBeInTheDocument();
  });
});

describe('favourite toggle', () => {
  beforeEach(async () => {
    await startI18n('en');
    vi.stubGlobal('IntersectionObserver', TestObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks a visitor to log in and calls nothing', async () => {
    const server = lobbyServer();
    renderApp('/rng');
    await userEvent.click(await screen.findByRole('button', { name: 'Favourite: PG Game 1' }, SLOW));
    expect(await screen.findByRole('dialog', { name: 'Log in' }, SLOW)).toBeInTheDocument();
    expect(server.calls('POST /wps/game/favourites')).toHaveLength(0);
  });

  it('warns a trial account that a real account is needed, and changes nothing', async () => {
    logIn(4);
    const server = lobbyServer(memberRoutes(4));
    renderApp('/rng');
    const toggle = await screen.findByRole('button', { name: 'Favourite: PG Game 1' }, SLOW);
    await userEvent.click(toggle);
    expect(
      await screen.findByText('You need a real account for this. Please register a real account.', {}, SLOW),
    ).toBeInTheDocument();
    expect(server.calls('POST /wps/game/favourites')).toHaveLength(0);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem('LOTTFAV')).toBeNull();
    // A trial account has no member lists to ask for (the server refuses them).
    expect(server.calls('GET /wps/game/favourites/ids')).toHaveLength(0);
  });

  it('adds then removes a member’s favourite through the server, keeping LOTTFAV per username', async () => {
    logIn(0);
    localStorage.setItem('LOTTFAV', JSON.stringify({ someoneElse: ['JILI-0001'] }));
    const server = lobbyServer({
      ...memberRoutes(),
      'POST /wps/game/favourites': ({ body }) => ({
        nodeId: String((body as { nodeId: string }).nodeId),
        favourite: true,
      }),
      'DELETE /wps/game/favourites': ({ query }) => ({ nodeId: query.get('nodeId') ?? '', favourite: false }),
    });
    renderApp('/rng');
    const toggle = await screen.findByRole('button', { name: 'Favourite: PG Game 2' }, SLOW);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    await vi.waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(bodyOf(server.calls('POST /wps/game/favourites')[0]!)).toMatchObject({
      nodeId: 'PG-0002',
      vendor: 'PG',
      gameType: 'RNG',
    });
    expect(JSON.parse(localStorage.getItem('LOTTFAV')!)).toEqual({
      someoneElse: ['JILI-0001'],
      rahim01: ['PG-0002'],
    });
    expect(screen.getByText('PG Game 2 added to your favourites')).toBeInTheDocument();

    await userEvent.click(toggle);
    await vi.waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(server.calls('DELETE /wps/game/favourites')[0]!.query.get('nodeId')).toBe('PG-0002');
    expect(JSON.parse(localStorage.getItem('LOTTFAV')!)).toEqual({ someoneElse: ['JILI-0001'], rahim01: [] });
  });

  it('shows the server’s favourites as pressed', async () => {
    logIn(0);
    lobbyServer({ ...memberRoutes(), 'GET /wps/game/favourites/ids': () => ({ ids: ['PG-0003'] }) });
    renderApp('/rng');
    const toggle = await screen.findByRole('button', { name: 'Favourite: PG Game 3' }, SLOW);
    await vi.waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(JSON.parse(localStorage.getItem('LOTTFAV')!)).toEqual({ rahim01: ['PG-0003'] });
  });
});

describe('launching a game', () => {
  beforeEach(async () => {
    await startI18n('en');
    vi.stubGlobal('IntersectionObserver', TestObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const vendorUrl = 'https://vendor.example.com/play?token=abc&game=0001';

  it('asks a visitor to log in first and calls nothing', async () => {
    const server = lobbyServer();
    renderApp('/rng');
    await userEvent.click(await screen.findByRole('button', { name: 'Play PG Game 1' }, SLOW));
    expect(await screen.findByRole('dialog', { name: 'Log in' }, SLOW)).toBeInTheDocument();
    expect(server.calls('POST /wps/game/launchGame')).toHaveLength(0);
  });

  it('sends the launch request and opens the game in the /game frame', async () => {
    logIn(0);
    sessionStorage.setItem('merchant', 'KHELA');
    // The server records a launched game as the member's most recent.
    const played: GameItem[] = [];
    const server = lobbyServer({
      ...memberRoutes(),
      'GET /wps/game/recent': () => ({ list: played, totalPages: played.length > 0 ? 1 : 0 }),
      'POST /wps/game/launchGame': () => {
        played.unshift(game('PG', 1));
        return { game_url: vendorUrl, game_url2: vendorUrl, mode: 'real', launch_mode: 'frame' };
      },
    });
    const app = renderApp('/rng?page=PG');
    await userEvent.click(await screen.findByRole('button', { name: 'Play PG Game 1' }, SLOW));

    const frame = await screen.findByTitle('PG Game 1 game', {}, SLOW);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', vendorUrl);
    expect(app.router().state.location.pathname).toBe('/game');
    expect(screen.getByRole('heading', { name: 'PG Game 1' })).toBeInTheDocument();
    expect(bodyOf(server.calls('POST /wps/game/launchGame')[0]!)).toMatchObject({
      nodeId: 'PG-0001',
      gameId: '0001',
      vassalage: 'PG',
      accountType: '0',
      clientType: '3',
      username: 'rahim01',
      merchantCode: 'KHELA',
      language: 'en',
    });

    // Back returns to the lobby it came from.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(app.router().state.location.pathname).toBe('/rng'));
    expect(app.router().state.location.search).toBe('?page=PG');
    // The recent row shows the game just played (asked again, not the answer from before the launch).
    const recent = (await screen.findByRole('heading', { name: 'Recently played' }, SLOW)).closest(
      'section',
    )!;
    expect(within(recent).getByRole('button', { name: 'Play PG Game 1' })).toBeInTheDocument();
  });

  it('opens a game once however often it is tapped while it opens', async () => {
    logIn(0);
    let answer: () => void = () => undefined;
    const server = lobbyServer({
      ...memberRoutes(),
      'POST /wps/game/launchGame': () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ game_url: vendorUrl, game_url2: vendorUrl, mode: 'real', launch_mode: 'frame' });
        }),
    });
    const app = renderApp('/rng');
    const play = await screen.findByRole('button', { name: 'Play PG Game 1' }, SLOW);
    await userEvent.click(play);
    await userEvent.click(play);
    expect(play).toHaveAttribute('aria-busy', 'true');
    act(() => answer());
    await vi.waitFor(() => expect(app.router().state.location.pathname).toBe('/game'));
    expect(server.calls('POST /wps/game/launchGame')).toHaveLength(1);
  });

  it('warns a trial account when the server answers NEED_REAL_ACCOUNT, and stays in the lobby', async () => {
    logIn(4);
    lobbyServer({
      ...memberRoutes(4),
      'POST /wps/game/launchGame': () => fail('NEED_REAL_ACCOUNT', 403),
    });
    const app = renderApp('/rng');
    await userEvent.click(await screen.findByRole('button', { name: 'Play PG Game 1' }, SLOW));
    expect(
      await screen.findByText('You need a real account for this. Please register a real account.', {}, SLOW),
    ).toBeInTheDocument();
    expect(app.router().state.location.pathname).toBe('/rng');
  });

  it('says so when a game cannot be opened, in the page language', async () => {
    logIn(0);
    lobbyServer({ ...memberRoutes(), 'POST /wps/game/launchGame': () => fail('NOT_FOUND', 404) });
    renderApp('/rng');
    await userEvent.click(await screen.findByRole('button', { name: 'Play PG Game 1' }, SLOW));
    expect(
      await screen.findByText(
        'This game cannot be opened right now. Please try another game or contact customer service.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
  });

  it('opens a vendor that refuses frames in its own window, and says so when the window is blocked', async () => {
    logIn(0);
    lobbyServer({
      ...memberRoutes(),
      'POST /wps/game/launchGame': () => ({
        game_url: vendorUrl,
        game_url2: vendorUrl,
        mode: 'real',
        launch_mode: 'window',
      }),
    });
    const opened = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(opened).mockReturnValueOnce(null);
    const app = renderApp('/rng');
    await userEvent.click(await screen.findByRole('button', { name: 'Play PG Game 1' }, SLOW));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith(vendorUrl, '_blank'));
    expect(app.router().state.location.pathname).toBe('/rng');
    await userEvent.click(screen.getByRole('button', { name: 'Play PG Game 1' }));
    expect(await screen.findByText(/blocked the game's window/, {}, SLOW)).toBeInTheDocument();
    open.mockRestore();
  });

  it('refuses an address that is not http(s)', async () => {
    logIn(0);
    lobbyServer({
      ...memberRoutes(),
      'POST /wps/game/launchGame': () => ({
        game_url: 'javascript:alert(1)',
        game_url2: 'javascript:alert(1)',
        mode: 'real',
        launch_mode: 'frame',
      }),
    });
    const app = renderApp('/rng');
    await userEvent.click(await screen.findByRole('button', { name: 'Play PG Game 1' }, SLOW));
    expect(
      await screen.findByText("The game's address is not valid. Please contact customer service.", {}, SLOW),
    ).toBeInTheDocument();
    expect(app.router().state.location.pathname).toBe('/rng');
  });

  it('opens an http game from an https page in its own window, cut off from this tab', () => {
    expect(launchModeOf('http://vendor.example/play', 'https:')).toBe('window');
    expect(launchModeOf('https://vendor.example/play', 'https:')).toBe('frame');
    expect(launchModeOf('http://127.0.0.1:4250/play', 'http:')).toBe('frame');

    const opened = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(opened);
    expect(openGameWindow('http://vendor.example/play')).toBe(true);
    expect(open).toHaveBeenCalledWith('http://vendor.example/play', '_blank');
    expect(opened.opener).toBeNull();
  });

  it('tells a blocked window apart (the lobby then shows the popup-blocked message)', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openGameWindow('http://vendor.example/play')).toBe(false);
  });

  it('says no game is open at /game without a launch', async () => {
    lobbyServer();
    renderApp('/game');
    expect(await screen.findByText('No game is open', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTitle(/game$/)).not.toBeInTheDocument();
  });
});
