import type { Mission, Raffle, RewardCentre } from '@platform/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import bnMissions from '@/i18n/locales/bn/missions.json';
import enMissions from '@/i18n/locales/en/missions.json';
import { fakeServer } from '@/test/fake-server';
import { logIn, renderFeature } from '@/test/feature-test-utils';
import { MissionLeaderboardPage } from './pages/mission-leaderboard-page';
import { RewardCentrePage } from './pages/reward-centre-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mission = (overrides: Partial<Mission>): Mission => ({
  id: 'mis_0123456789abcdef',
  title: 'Play 3 games',
  kind: 'daily',
  metric: 'bets',
  category: null,
  target: '3',
  progress: '1',
  reward: '5.00',
  status: 'in_progress',
  period: '2026-11-21',
  endsAt: '2026-11-21T18:00:00.000Z',
  ...overrides,
});

const raffle: Raffle = {
  id: 'rf_0123456789abcdef',
  title: 'Weekend raffle',
  ticketPer: '100.00',
  startsAt: '2026-11-20T18:00:00.000Z',
  endsAt: '2026-11-21T18:00:00.000Z',
  prizes: ['30.00'],
  status: 'open',
  seedHash: 'a'.repeat(64),
  seed: null,
  myTickets: 4,
  winners: [],
};

describe('mission activity page', () => {
  it('shows progress, claims a completed mission once and shows it claimed', async () => {
    logIn();
    let claimed = false;
    const server = fakeServer({
      'GET /wps/missions': () => ({
        list: [
          mission({}),
          mission({
            id: 'mis_fedcba9876543210',
            title: 'Bet on slots',
            metric: 'valid_bet',
            category: 'SLOT',
            target: '1000.00',
            progress: '1000.00',
            status: claimed ? 'claimed' : 'claimable',
          }),
        ],
        open: claimed ? 0 : 1,
      }),
      'POST /wps/missions/:id/claim': () => {
        claimed = true;
        return mission({ id: 'mis_fedcba9876543210', status: 'claimed' });
      },
    });
    const { user } = renderFeature(<MissionLeaderboardPage />);
    const items = await screen.findAllByTestId('mission-item');
    expect(within(items[0] as HTMLElement).getByText('1 of 3')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: 'Claim' })).toBeNull();
    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(server.calls('POST /wps/missions/:id/claim')).toHaveLength(1));
    expect(server.calls('POST /wps/missions/:id/claim')[0]?.params).toEqual({ id: 'mis_fedcba9876543210' });
    expect(await screen.findByText('Claimed')).toBeInTheDocument();
  });

  it('shows the leaderboards and the public winners board', async () => {
    logIn();
    fakeServer({
      'GET /wps/missions': () => ({ list: [], open: 0 }),
      'GET /wps/leaderboards': () => [
        {
          id: 'lb_0123456789abcdef',
          title: 'Big wins',
          metric: 'win_multiplier',
          period: 'daily',
          periodKey: '2026-11-21',
          endsAt: '2026-11-21T18:00:00.000Z',
          prizes: ['100.00'],
          top: [
            { rank: 1, player: 'pl***1', score: '12.5', gameName: 'Fair Dice', prize: '100.00', mine: true },
          ],
          me: null,
        },
      ],
      'GET /wps/leaderboards/winners': () => [
        {
          board: 'Big wins',
          periodKey: '2026-11-20',
          rank: 1,
          player: 'ab***z',
          gameName: 'Fair Dice',
          score: '40.0',
          prize: '100.00',
          paidAt: '2026-11-21T00:05:00.000Z',
        },
      ],
    });
    const { user } = renderFeature(<MissionLeaderboardPage />);
    expect(await screen.findByText('No missions right now')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Leaderboards' }));
    expect(await screen.findByText('12.5×')).toBeInTheDocument();
    expect(screen.getByText('You')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Winners' }));
    expect(await screen.findByText('ab***z')).toBeInTheDocument();
  });

  it('shows a member outside the top ten their own place and score below the board', async () => {
    logIn();
    fakeServer({
      'GET /wps/missions': () => ({ list: [], open: 0 }),
      'GET /wps/leaderboards': () => [
        {
          id: 'lb_0123456789abcdef',
          title: 'Most bets',
          metric: 'valid_bet',
          period: 'daily',
          periodKey: '2026-11-21',
          endsAt: '2026-11-21T18:00:00.000Z',
          prizes: ['100.00'],
          top: Array.from({ length: 10 }, (_, index) => ({
            rank: index + 1,
            player: `pl***${index}`,
            score: `${(20 - index) * 100}.00`,
            gameName: null,
            prize: index === 0 ? '100.00' : null,
            mine: false,
          })),
          me: { rank: 14, score: '250.00' },
        },
      ],
      'GET /wps/leaderboards/winners': () => [],
    });
    const { user } = renderFeature(<MissionLeaderboardPage />);
    await user.click(await screen.findByRole('tab', { name: 'Leaderboards' }));
    const me = await screen.findByTestId('leaderboard-me');
    expect(me).toHaveTextContent('14');
    expect(me).toHaveTextContent('You');
    expect(me).toHaveTextContent('250');
    // Below the board's ten rows, not one of them.
    const board = screen.getByRole('region', { name: 'Most bets' });
    expect(within(board).getAllByRole('listitem')).toHaveLength(10);
    expect(within(board).getByRole('list').compareDocumentPosition(me)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});

describe('reward centre page', () => {
  it('lists rewards from every source, claims a raffle prize, and shows the seed hash', async () => {
    logIn();
    const centre: RewardCentre = {
      rewards: [
        {
          source: 'raffle',
          id: raffle.id,
          title: 'Weekend raffle #1',
          amount: '30.00',
          status: 'claimable',
          at: null,
        },
        {
          source: 'mission',
          id: 'mis_0123456789abcdef',
          title: 'Play 3 games',
          amount: '5.00',
          status: 'claimed',
          at: '2026-11-21T08:00:00.000Z',
        },
        {
          source: 'promotion',
          id: 'app_0123456789abcdef0123',
          title: 'promo-1',
          amount: null,
          status: 'pending',
          at: '2026-11-21T08:00:00.000Z',
        },
      ],
      raffles: [raffle],
    };
    const server = fakeServer({
      'GET /wps/rewards': () => centre,
      'POST /wps/raffles/:id/claim': () => raffle,
    });
    const { user } = renderFeature(<RewardCentrePage />);
    const items = await screen.findAllByTestId('reward-item');
    expect(items).toHaveLength(3);
    expect(screen.getByText('Promotion bonus')).toBeInTheDocument();
    expect(screen.getByText('Under review · ', { exact: false })).toBeInTheDocument();
    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(server.calls('POST /wps/raffles/:id/claim')).toHaveLength(1));
    expect(screen.getByText('a'.repeat(64))).toBeInTheDocument();
    expect(screen.getByText('You have 4 tickets')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check the draw' })).toHaveAttribute(
      'href',
      `/wps/raffles/${raffle.id}/draw`,
    );
  });
});

describe('reward centre rank gifts', () => {
  it('shows the rank-up gifts paid and claims the monthly gift from there', async () => {
    logIn();
    let claimed = false;
    const centre = (): RewardCentre => ({
      rewards: [
        {
          source: 'rank-monthly',
          id: 'monthly:2026-11',
          title: 'Silver',
          amount: '20.00',
          status: claimed ? 'claimed' : 'claimable',
          at: claimed ? '2026-11-21T09:00:00.000Z' : null,
        },
        {
          source: 'rank-up',
          id: 'upgrade:2',
          title: 'Silver',
          amount: '50.00',
          status: 'claimed',
          at: '2026-11-21T08:00:00.000Z',
        },
      ],
      raffles: [],
    });
    const server = fakeServer({
      'GET /wps/rewards': () => centre(),
      'POST /wps/rank/monthly-gift': () => {
        claimed = true;
        return { amount: '20.00', month: '2026-11' };
      },
    });
    const { user } = renderFeature(<RewardCentrePage />);
    const items = await screen.findAllByTestId('reward-item');
    expect(items).toHaveLength(2);
    expect(screen.getByText('Monthly gift: Silver')).toBeInTheDocument();
    expect(screen.getByText('Rank-up gift: Silver')).toBeInTheDocument();
    // A rank-up gift is paid on reaching the rank: nothing to claim.
    expect(within(items[1] as HTMLElement).queryByRole('button')).toBeNull();
    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(server.calls('POST /wps/rank/monthly-gift')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull());
  });
});

describe('missions translations', () => {
  it('has every English key in Bengali', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        typeof inner === 'object' && inner !== null
          ? keys(inner as object, `${prefix}${key}.`)
          : [`${prefix}${key}`],
      );
    expect(keys(bnMissions).sort()).toEqual(keys(enMissions).sort());
  });
});
