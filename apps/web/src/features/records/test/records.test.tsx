import type { MemberInfo, RecordedRoundDetail } from '@platform/contract/client';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, type FakeServer } from '@/test/fake-server';
import { logIn } from '@/test/feature-test-utils';
import { addDays, quickPickRange, siteToday } from '@/lib/site-days';
import { BetRecordPage } from '../pages/bet-record-page';
import { ProfitPage } from '../pages/profit-page';
import { betRecord, page, renderRecords } from './records-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const props = { info: {} as MemberInfo, onNavigate: () => {} };
const lastQuery = (server: FakeServer, key: 'GET /wps/records/bets' | 'GET /wps/records/profit') => {
  const calls = server.calls(key);
  return calls[calls.length - 1]!.query;
};

describe('site days', () => {
  it("starts the quick picks from the site's today (Dhaka), whatever the phone's zone", () => {
    // 20:00 UTC on 24 Nov is 02:00 on 25 Nov in Dhaka.
    expect(siteToday(new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
    expect(quickPickRange('last7', '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(quickPickRange('next30', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-12-24' });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('betting record', () => {
  it('lists rounds with game, provider, money, status in words and a signed net; filters and pages', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/records/bets': ({ query }) =>
        query.get('pageNo') === '2'
          ? page(
              [
                betRecord({
                  id: '99',
                  gameName: 'River Lanterns',
                  status: 'cancelled',
                  refund: '5.00',
                  win: '0.00',
                  net: '0.00',
                }),
              ],
              2,
              2,
            )
          : page(
              [
                betRecord(),
                betRecord({
                  id: '100',
                  gameName: 'Lotus Pond Hunt',
                  category: 'FISH',
                  win: '0.00',
                  net: '-5.00',
                  status: 'open',
                  closedAt: null,
                }),
              ],
              2,
            ),
    });
    const { user } = renderRecords(<BetRecordPage {...props} />);
    const list = await screen.findByRole('list', { name: 'Betting record' });
    const [winner, open] = within(list).getAllByRole('button');
    expect(winner).toHaveTextContent('Mango Grove');
    expect(winner).toHaveTextContent('Demo Slots · Slots');
    expect(winner).toHaveTextContent('Settled');
    expect(within(winner!).getByText('+৳30.00')).toHaveClass('records-net--gain');
    expect(within(open!).getByText('-৳5.00')).toHaveClass('records-net--loss');
    expect(open).toHaveTextContent('Open');
    const week = quickPickRange('last7');
    expect(lastQuery(server, 'GET /wps/records/bets').get('from')).toBe(week.from);
    expect(lastQuery(server, 'GET /wps/records/bets').get('to')).toBe(week.to);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('River Lanterns')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText('৳0.00', { selector: '.records-net--even' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Category'), 'FISH');
    await vi.waitFor(() => expect(lastQuery(server, 'GET /wps/records/bets').get('category')).toBe('FISH'));
    expect(lastQuery(server, 'GET /wps/records/bets').get('pageNo')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Next 30 days' }));
    const month = quickPickRange('next30');
    expect(screen.getByLabelText('From')).toHaveValue(month.from);
    expect(screen.getByRole('button', { name: 'Next 30 days' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(lastQuery(server, 'GET /wps/records/bets').get('to')).toBe(month.to));
  });

  it('says why a range cannot be asked for, without calling', async () => {
    logIn();
    const server = fakeServer({ 'GET /wps/records/bets': () => page([]) });
    const { user } = renderRecords(<BetRecordPage {...props} />);
    await screen.findByText('No bets in this period');
    const calls = server.calls('GET /wps/records/bets').length;
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2025-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 92 days');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2024-12-31');
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must be on or before the end date.');
    expect(server.calls('GET /wps/records/bets')).toHaveLength(calls);
  });

  it('shows an empty state with a way to the games, and a failure with a retry', async () => {
    logIn();
    let failing = true;
    fakeServer({ 'GET /wps/records/bets': () => (failing ? fail('INTERNAL', 500) : page([])) });
    const { user } = renderRecords(<BetRecordPage {...props} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No bets in this period')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play a game' })).toHaveAttribute('href', '/rng');
  });

  const details: [string, RecordedRoundDetail | null, (string | RegExp)[]][] = [
    [
      'slot reels and paying lines, with the fairness proof',
      {
        kind: 'slot',
        reels: [
          ['leaf', 'seven', 'bell'],
          ['mango', 'seven', 'leaf'],
          ['star', 'seven', 'mango'],
        ],
        lines: [{ line: 1, symbols: 'seven seven seven', pays: '300.00' }],
        fairness: { server_seed_hash: 'a'.repeat(64), client_seed: 'lucky', nonce: 7 },
      },
      [
        'Line 1: Seven Seven Seven, pays ৳300.00',
        'Server seed hash (shown before the round)',
        'a'.repeat(64),
        'Not revealed yet',
        'lucky',
      ],
    ],
    [
      'the scatters and every free spin of an in-house slot round',
      {
        kind: 'slot',
        reels: [
          ['lantern', 'lotus', 'kite'],
          ['mango', 'lantern', 'fish'],
          ['lantern', 'drum', 'boat'],
        ],
        lines: [],
        scatter: { count: 3, pays: '5.00' },
        free_spins: {
          played: 2,
          multiplier: 3,
          pays: '1.50',
          spins: [
            {
              reels: [['peacock'], ['tiger'], ['peacock']],
              lines: [{ line: 1, symbols: 'peacock tiger peacock', pays: '1.50' }],
              pays: '1.50',
            },
            { reels: [['kite'], ['fish'], ['boat']], lines: [], pays: '0.00' },
          ],
        },
      },
      [
        '3 scatters anywhere paid ৳5.00.',
        '2 free spins played, every win ×3: ৳1.50 in all.',
        'Peacock | Tiger | Peacock: ৳1.50',
        'Kite | Fish | Boat: ৳0.00',
      ],
    ],
    [
      'the roulette pocket and the bets',
      {
        kind: 'roulette',
        number: 17,
        bets: [
          { spot: 'n17', amount: '5.00', pays: '180.00' },
          { spot: 'red', amount: '5.00', pays: '0.00' },
        ],
      },
      ['The ball landed on 17 (black).', 'Number 17', 'Red', '৳180.00'],
    ],
    [
      'card hands',
      {
        kind: 'cards',
        hands: [
          { name: 'Player', cards: ['AS', '10H'], score: '1', won: false },
          { name: 'Banker', cards: ['KD', '9C'], score: '9', won: true },
        ],
        outcome: 'Banker wins',
      },
      ['A♠', '10♥', 'K♦', '9♣', 'Score: 9', 'Banker wins'],
    ],
    [
      'catches',
      { kind: 'fish', shots: 1, catches: [{ target: 'carp', multiplier: '5' }] },
      ['1 shot', 'Caught: Carp (×5)'],
    ],
    [
      'sports selections',
      {
        kind: 'sports',
        bet_type: 'accumulator',
        selections: [
          {
            event: 'Padma Tigers v Surma Owls',
            market: 'Match result',
            pick: 'Draw',
            odds: '3.10',
            outcome: 'lost',
            result: '2–1',
          },
        ],
      },
      ['Accumulator', 'Padma Tigers v Surma Owls', 'Lost', 'Result 2–1', /Match result: Draw @ 3\.10/],
    ],
    [
      'a dice roll with its revealed seed',
      {
        kind: 'dice',
        roll: '42.17',
        target: '50.00',
        direction: 'under',
        fairness: {
          server_seed_hash: 'b'.repeat(64),
          server_seed: 'c'.repeat(32),
          client_seed: 'me',
          nonce: 3,
        },
      },
      ['Rolled 42.17; the bet was under 50.00.', 'c'.repeat(32), '3'],
    ],
    [
      'a crash point',
      { kind: 'crash', crash_point: '2.35', cashed_out_at: null },
      ['Crashed at ×2.35', 'You did not cash out before the crash.'],
    ],
    ['lines of text', { kind: 'text', lines: [{ label: 'Table', value: 'VIP 3' }] }, ['Table', 'VIP 3']],
    ['no detail, in words', null, ['The game sent no details for this round.']],
  ];

  it.each(details)('opens a round and recalls %s', async (_name, detail, texts) => {
    logIn();
    const round = betRecord();
    fakeServer({
      'GET /wps/records/bets': () => page([round]),
      'GET /wps/records/bets/:id': ({ params }) => ({ ...round, id: params.id!, detail }),
    });
    const { user } = renderRecords(<BetRecordPage {...props} />);
    await user.click(await screen.findByRole('button', { name: /Mango Grove/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mango Grove' });
    await within(dialog).findByText('What happened');
    for (const text of texts) {
      if (text instanceof RegExp) expect(dialog).toHaveTextContent(text);
      else expect(await within(dialog).findAllByText(text)).not.toHaveLength(0);
    }
    if (detail?.kind === 'slot') {
      const reels = within(dialog).getByRole('table', { name: 'The reels as they stopped' });
      expect(
        within(reels)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Reel 1', 'Reel 2', 'Reel 3']);
      if (!detail.free_spins)
        expect(within(reels).getAllByRole('row')[2]).toHaveTextContent('SevenSevenSeven');
    }
  });

  it("says so when a round is not the member's", async () => {
    logIn();
    fakeServer({
      'GET /wps/records/bets': () => page([betRecord()]),
      'GET /wps/records/bets/:id': () => fail('NOT_FOUND', 404),
    });
    const { user } = renderRecords(<BetRecordPage {...props} />);
    await user.click(await screen.findByRole('button', { name: /Mango Grove/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This round is not in your records.');
  });
});

describe('personal profit and loss', () => {
  it('shows the totals, a chart and the tables by day and by category', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/records/profit': ({ query }) => ({
        from: query.get('from')!,
        to: query.get('to')!,
        demo: false,
        total: { rounds: 4, bet: '21.00', win: '36.00', refund: '4.00', validBet: '17.00', net: '19.00' },
        days: [
          {
            day: '2026-11-19',
            rounds: 1,
            bet: '10.00',
            win: '0.00',
            refund: '0.00',
            validBet: '0.00',
            net: '-10.00',
          },
          {
            day: '2026-11-20',
            rounds: 3,
            bet: '11.00',
            win: '36.00',
            refund: '4.00',
            validBet: '0.00',
            net: '29.00',
          },
        ],
        categories: [
          {
            category: 'FISH',
            rounds: 1,
            bet: '2.00',
            win: '1.00',
            refund: '0.00',
            validBet: '0.00',
            net: '-1.00',
          },
          {
            category: null,
            rounds: 3,
            bet: '19.00',
            win: '35.00',
            refund: '4.00',
            validBet: '0.00',
            net: '20.00',
          },
        ],
      }),
    });
    const { user } = renderRecords(<ProfitPage {...props} />);
    expect(await screen.findByText('+৳19.00')).toHaveClass('records-net--gain');
    expect(screen.getByText('Valid bet').nextElementSibling).toHaveTextContent('৳17.00');
    expect(screen.getByRole('img', { name: /Net result per day/ })).toBeInTheDocument();
    const byDay = screen.getByRole('table', { name: 'By day' });
    expect(within(byDay).getAllByRole('row')).toHaveLength(3);
    expect(within(byDay).getByText('-৳10.00')).toHaveClass('records-net--loss');
    const byCategory = screen.getByRole('table', { name: 'By category' });
    expect(within(byCategory).getByText('Fishing')).toBeInTheDocument();
    expect(within(byCategory).getByText('Other games')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await vi.waitFor(() =>
      expect(lastQuery(server, 'GET /wps/records/profit').get('from')).toBe(quickPickRange('last30').from),
    );
  });

  it('shows a skeleton while loading, then an empty state with a way to the games', async () => {
    logIn();
    let answer: (() => void) | undefined;
    fakeServer({
      'GET /wps/records/profit': ({ query }) =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              from: query.get('from')!,
              to: query.get('to')!,
              demo: true,
              total: { rounds: 0, bet: '0.00', win: '0.00', refund: '0.00', validBet: '0.00', net: '0.00' },
              days: [],
              categories: [],
            });
        }),
    });
    renderRecords(<ProfitPage {...props} />);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByText('No settled rounds in this period')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play a game' })).toBeInTheDocument();
  });
});
