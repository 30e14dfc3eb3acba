import type { LotteryBet, LotteryFollow, LotteryPeriod, MemberInfo } from '@platform/contract/client';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type FakeServer } from '@/test/fake-server';
import { logIn } from '@/test/feature-test-utils';
import { BetRecordPage } from '../pages/bet-record-page';
import { betRecord, page, renderRecords } from './records-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const props = { info: {} as MemberInfo, onNavigate: () => {} };
const SEED_HASH = 'ab'.repeat(32);
const SEED = 'cd'.repeat(32);

const lotteryBet = (overrides: Partial<LotteryBet> = {}): LotteryBet => ({
  betId: 'L_abc123def456ghi7',
  gameCode: 'SSC-1',
  periodNo: '20261121-0481',
  betType: 'digit',
  selection: ['1', '7'],
  odds: '9.7',
  units: 1,
  stake: '2.00',
  amount: '2.00',
  potentialWin: '19.40',
  status: 'win',
  hits: 1,
  win: '19.40',
  placedAt: '2026-11-21T08:00:10.000Z',
  settledAt: '2026-11-21T08:01:00.000Z',
  ...overrides,
});

const period: LotteryPeriod = {
  gameCode: 'SSC-1',
  periodNo: '20261121-0481',
  opensAt: '2026-11-21T08:00:00.000Z',
  cutoffAt: '2026-11-21T08:00:55.000Z',
  drawAt: '2026-11-21T08:01:00.000Z',
  status: 'settled',
  state: 'settled',
  seedHash: SEED_HASH,
  seed: SEED,
  committedAt: '2026-11-21T08:00:55.000Z',
  draw: [3, 7, 0, 1, 9],
  groups: [{ name: 'numbers', numbers: ['3', '7', '0', '1', '9'] }],
  facts: null,
  drawnAt: '2026-11-21T08:01:00.000Z',
  late: false,
  cancelReason: null,
};

const lastQuery = (server: FakeServer) => {
  const calls = server.calls('GET /wps/lottery/bets');
  return calls[calls.length - 1]!.query;
};

describe('lottery bets in the betting record', () => {
  it('shows a lottery bet with its period, numbers, bet type, odds and stake; its detail has the draw and proof', async () => {
    logIn();
    fakeServer({
      'GET /wps/records/bets': () =>
        page([
          betRecord({
            id: 'L_abc123def456ghi7',
            roundRef: 'L_abc123def456ghi7',
            vendorCode: 'LOTTERY',
            vendorName: 'Lottery',
            gameCode: 'SSC-1',
            gameName: '5D Lotto 1 min',
            category: 'ELOTT',
            bet: '2.00',
            win: '19.40',
            net: '17.40',
            lottery: {
              periodNo: '20261121-0481',
              betType: 'digit',
              selection: ['1', '7'],
              odds: '9.7',
              stake: '2.00',
              units: 1,
              status: 'win',
              hits: 1,
            },
          }),
        ]),
      'GET /wps/lottery/bets/:betId': ({ params }) => ({ bet: lotteryBet({ betId: params.betId! }), period }),
    });
    const { user } = renderRecords(<BetRecordPage {...props} />);
    const list = await screen.findByRole('list', { name: 'Betting record' });
    const [row] = within(list).getAllByRole('button');
    expect(row).toHaveTextContent('5D Lotto 1 min');
    expect(row).toHaveTextContent('Period 20261121-0481');
    expect(row).toHaveTextContent('Digit at a position');
    expect(row).not.toHaveTextContent('digit');
    expect(row).toHaveTextContent('1 · 7');
    expect(row).toHaveTextContent('Odds 9.7');
    expect(row).toHaveTextContent('Won');
    expect(row).toHaveTextContent('Lottery · E-Lottery');

    await user.click(row!);
    const dialog = await screen.findByRole('dialog', { name: '5D Lotto 1 min' });
    expect(await within(dialog).findByText(SEED_HASH)).toBeInTheDocument();
    expect(within(dialog).getByText(SEED)).toBeInTheDocument();
    expect(within(dialog).getByText('3 7 0 1 9')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Verify this draw' })).toHaveAttribute(
      'href',
      '/lottery/verify?gameCode=SSC-1&periodNo=20261121-0481',
    );
  });

  it('the lottery view lists lottery bets by game and period, and says when a period is mistyped', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/records/bets': () => page([]),
      'GET /lgw/games/game_menus': () => ({
        prizeMode: 'Elott',
        menus: [
          {
            gameType: 'ELOTT',
            games: [
              {
                gameCode: 'SSC-1',
                family: 'SSC',
                gameType: 'ELOTT',
                gameName: '5D Lotto 1 min',
                intervalSeconds: 60,
                cutoffSeconds: 5,
              },
              {
                gameCode: 'VN-MB-1',
                family: 'VN_NORTH',
                gameType: 'LOTT',
                gameName: 'Miền Bắc 1 phút',
                intervalSeconds: 60,
                cutoffSeconds: 5,
              },
            ],
          },
        ],
      }),
      'GET /wps/lottery/follows': () => page([]),
      'GET /wps/lottery/bets': ({ query }) =>
        query.get('gameCode') === 'VN-MB-1'
          ? page([
              lotteryBet({
                betId: 'L_vn0000000000001',
                gameCode: 'VN-MB-1',
                betType: 'lo2',
                selection: ['45'],
                units: 27,
                stake: '1.00',
                amount: '27.00',
                odds: '95',
                status: 'pending',
                win: '0.00',
              }),
            ])
          : page([lotteryBet()]),
    });
    const { user } = renderRecords(<BetRecordPage {...props} />);
    await screen.findByText('No bets in this period');
    await user.click(screen.getByRole('tab', { name: 'Lottery' }));
    const list = await screen.findByRole('list', { name: 'Lottery bets' });
    expect(within(list).getByRole('button')).toHaveTextContent('5D Lotto 1 min');

    await user.selectOptions(screen.getByLabelText('Game'), 'VN-MB-1');
    expect(
      await screen.findByText('Miền Bắc 1 phút', { selector: '.records-round__game' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Waiting for the draw')).toBeInTheDocument();
    expect(screen.getByText('Lô (bao lô 2 số)')).toBeInTheDocument();
    expect(screen.getByText(/৳1\.00 × 27/)).toBeInTheDocument();

    const calls = server.calls('GET /wps/lottery/bets').length;
    await user.type(screen.getByLabelText('Period'), '2026-11');
    expect(screen.getByRole('alert')).toHaveTextContent('A period is written like 20261121-0481.');
    expect(lastQuery(server).get('periodNo')).toBeNull();
    await user.clear(screen.getByLabelText('Period'));
    await user.type(screen.getByLabelText('Period'), '20261121-0481');
    await vi.waitFor(() => expect(lastQuery(server).get('periodNo')).toBe('20261121-0481'));
    expect(lastQuery(server).get('gameCode')).toBe('VN-MB-1');
    expect(server.calls('GET /wps/lottery/bets').length).toBeGreaterThan(calls);
  });

  it('lists follow bets with their progress, names their bet types, and cancels the remaining draws', async () => {
    logIn();
    const follow: LotteryFollow = {
      followId: 'F_abc123def456ghi7',
      gameCode: 'SSC-1',
      status: 'active',
      periods: 5,
      placed: 2,
      stopOnWin: true,
      firstPeriodNo: '20261121-0481',
      lastPeriodNo: '20261121-0482',
      bets: [{ betType: 'size', selection: ['sum', 'big'], stake: '2.00' }],
      periodAmount: '2.00',
      totalAmount: '10.00',
      won: '0.00',
      refunded: '0.00',
      endReason: null,
      createdAt: '2026-11-21T08:00:10.000Z',
      endedAt: null,
    };
    let current = follow;
    const server = fakeServer({
      'GET /wps/records/bets': () => page([]),
      'GET /lgw/games/game_menus': () => ({ prizeMode: 'Elott', menus: [] }),
      'GET /wps/lottery/bets': () => page([lotteryBet({ betType: 'size', selection: ['sum', 'big'] })]),
      'GET /wps/lottery/follows': () => page([current]),
      'GET /wps/lottery/follows/:followId': () => ({
        follow: current,
        bets: [lotteryBet({ betId: 'L_f00000000000002', periodNo: '20261121-0482', status: 'pending' })],
      }),
      'POST /wps/lottery/follows/:followId/cancel': () => {
        current = { ...follow, status: 'cancelled', refunded: '6.00', endedAt: '2026-11-21T08:02:00.000Z' };
        return { follow: current, bets: [], balance: '94.00' };
      },
    });
    const { user } = renderRecords(<BetRecordPage {...props} />);
    await user.click(await screen.findByRole('tab', { name: 'Lottery' }));
    const follows = await screen.findByRole('list', { name: 'Your follow bets' });
    const item = within(follows).getByTestId('follow-F_abc123def456ghi7');
    expect(item).toHaveTextContent('Running');
    expect(item).toHaveTextContent('2 of 5 draws placed');
    expect(item).toHaveTextContent('stops after a win');
    expect(item).toHaveTextContent('Big / small Sum · Big');
    expect(item).toHaveTextContent('Paid ৳10.00');

    await user.click(within(item).getByRole('button', { name: 'Show its bets' }));
    expect(await within(item).findByText('Period 20261121-0482', { exact: false })).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Cancel the remaining draws' }));
    expect(await within(item).findByRole('status')).toHaveTextContent(
      'Cancelled: ৳6.00 refunded for the draws not placed.',
    );
    expect(server.calls('POST /wps/lottery/follows/:followId/cancel')).toHaveLength(1);
    await vi.waitFor(() => expect(item).toHaveTextContent('Cancelled'));
    expect(within(item).queryByRole('button', { name: 'Cancel the remaining draws' })).toBeNull();
  });
});
