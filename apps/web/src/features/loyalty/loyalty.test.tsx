import type { MallItem, PlayerRank, PointsEntry, RedeemRecord } from '@platform/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import bnLoyalty from '@/i18n/locales/bn/loyalty.json';
import enLoyalty from '@/i18n/locales/en/loyalty.json';
import { bodyOf, fail, fakeServer } from '@/test/fake-server';
import { logIn, renderFeature } from '@/test/feature-test-utils';
import { PlayerRankPage } from './pages/player-rank-page';
import { PointMallPage } from './pages/point-mall-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = <T,>(list: T[]) => ({ list, pageNo: 1, pageSize: 10, totalCount: list.length, totalPages: 1 });
const item = (overrides: Partial<MallItem> = {}): MallItem => ({
  id: 'itm_jersey1',
  kind: 'physical',
  name: 'Cricket jersey',
  description: 'Shipped to your address.',
  imageUrl: null,
  points: 200,
  bonus: null,
  stock: 5,
  perMemberLimit: 3,
  redeemed: 0,
  ...overrides,
});
const record: RedeemRecord = {
  referenceNo: 'RD0123456789ABCDEF',
  applyTime: '2026-11-21T08:00:00.000Z',
  type: 'physical',
  name: 'Cricket jersey',
  quantity: 2,
  points: 400,
  status: 'process',
  reason: null,
};
const summary = { balance: 1_000, pointsPerUnit: 100, minConvert: 100 };

describe('point mall', () => {
  it('asks a visitor to log in and calls nothing', () => {
    const server = fakeServer({});
    renderFeature(<PointMallPage />, { route: '/pointMall' });
    expect(screen.getByText('Log in to use the points mall')).toBeInTheDocument();
    expect(server.calls('GET /wps/points/mall')).toHaveLength(0);
  });

  it('redeems an item with a chosen quantity and shows its reference', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/points': () => summary,
      'GET /wps/points/mall': () => [item(), item({ id: 'itm_gone1', name: 'Headset', stock: 0 })],
      'POST /wps/points/mall/:id/redeem': () => record,
    });
    const { user } = renderFeature(<PointMallPage />, { route: '/pointMall' });
    expect(await screen.findByRole('button', { name: 'Redeem Headset' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Redeem Cricket jersey' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'One more' }));
    expect(within(dialog).getByText('Total: 400 points (you have 1,000)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
    expect(await within(dialog).findByText(/Reference RD0123456789ABCDEF/)).toBeInTheDocument();
    const [call] = server.calls('POST /wps/points/mall/:id/redeem');
    expect(call?.params).toEqual({ id: 'itm_jersey1' });
    expect(call ? bodyOf(call) : null).toEqual({
      quantity: 2,
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('asks again with the same request id after a lost answer, so the redeem is made once', async () => {
    logIn();
    let calls = 0;
    const server = fakeServer({
      'GET /wps/points': () => summary,
      'GET /wps/points/mall': () => [item()],
      'POST /wps/points/mall/:id/redeem': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return record;
      },
    });
    const { user } = renderFeature(<PointMallPage />, { route: '/pointMall' });
    await user.click(await screen.findByRole('button', { name: 'Redeem Cricket jersey' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
    await waitFor(() => expect(server.calls('POST /wps/points/mall/:id/redeem')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
    expect(await within(dialog).findByText(/Reference RD0123456789ABCDEF/)).toBeInTheDocument();
    const [first, second] = server.calls('POST /wps/points/mall/:id/redeem').map((call) => bodyOf(call));
    expect(second?.requestId).toBe(first?.requestId);
  });

  it('shows the server refusal in the dialog', async () => {
    logIn();
    fakeServer({
      'GET /wps/points': () => summary,
      'GET /wps/points/mall': () => [item()],
      'POST /wps/points/mall/:id/redeem': () => fail('OUT_OF_STOCK', 409),
    });
    const { user } = renderFeature(<PointMallPage />, { route: '/pointMall' });
    await user.click(await screen.findByRole('button', { name: 'Redeem Cricket jersey' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Redeem now' }));
    expect(await screen.findByText('Sorry, not enough of this item is left.')).toBeInTheDocument();
  });

  it('lists redeem records with reference, time, type, quantity and status', async () => {
    logIn();
    fakeServer({ 'GET /wps/points/redeems': () => page([record]) });
    renderFeature(<PointMallPage />, { route: '/pointMall?tab=records' });
    expect(await screen.findByText('RD0123456789ABCDEF')).toBeInTheDocument();
    expect(screen.getByText('In process')).toBeInTheDocument();
    expect(screen.getByText('Gift')).toBeInTheDocument();
  });
});

describe('my points', () => {
  const entry: PointsEntry = {
    id: '1',
    kind: 'deposit',
    current: 0,
    changed: 1_000,
    balance: 1_000,
    reference: 'dep_1',
    at: '2026-11-21T08:00:00.000Z',
  };

  it('converts with the payment password and a request id; a wrong password shows under its field', async () => {
    logIn();
    let wrong = true;
    const server = fakeServer({
      'GET /wps/points': () => summary,
      'GET /wps/points/history': () => page([entry]),
      'POST /wps/points/convert': () =>
        wrong ? fail('INVALID_PAYMENT_PASSWORD', 400) : { balance: 750, amount: '2.50' },
    });
    const { user } = renderFeature(<PointMallPage />, { route: '/pointMall?tab=points' });
    expect(await screen.findByTestId('points-balance')).toHaveTextContent('1,000');
    expect(await screen.findByText('Deposit')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Points to convert'), '50');
    await user.type(screen.getByLabelText('Payment password'), 'Pay123456');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('Please convert at least 100 points.')).toBeInTheDocument();
    expect(server.calls('POST /wps/points/convert')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Points to convert'));
    await user.type(screen.getByLabelText('Points to convert'), '250');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('The payment password is wrong.')).toBeInTheDocument();
    wrong = false;
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText(/added to your main wallet/)).toBeInTheDocument();
    const calls = server.calls('POST /wps/points/convert').map(bodyOf);
    expect(calls[1]).toMatchObject({ points: 250, paymentPassword: 'Pay123456' });
    expect(String(calls[1]?.requestId)).toMatch(/^[a-f0-9]{32}$/);
  });
});

describe('player rank', () => {
  const rank = (level: number, labelName: string) => ({
    labelName,
    color: '#8c5a2b',
    color2: '#cd7f32',
    rankLevel: level,
    minDeposit: `${level * 1000}.00`,
    minValidBet: `${level * 5000}.00`,
    upgradeGift: '50.00',
    monthlyGift: '10.00',
  });
  const answer: PlayerRank = {
    current: rank(1, 'Bronze'),
    next: rank(2, 'Silver'),
    windowDays: 90,
    deposit: '500.00',
    validBet: '1000.00',
    progress: 10,
    monthlyGiftClaimable: true,
    ranks: [rank(0, 'Member'), rank(1, 'Bronze'), rank(2, 'Silver')],
  };

  it('shows the rank, the progress to the next, and claims the monthly gift', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/rank': () => answer,
      'POST /wps/rank/monthly-gift': () => ({ amount: '10.00', month: '2026-11' }),
      'GET /wps/member/info': () => {
        throw new Error('not needed');
      },
    });
    const { user } = renderFeature(<PlayerRankPage />);
    expect(await screen.findByRole('progressbar', { name: 'Progress to the next rank' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    expect(screen.getByText('Progress to Silver')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Claim this month's gift/ }));
    await waitFor(() => expect(server.calls('POST /wps/rank/monthly-gift')).toHaveLength(1));
  });
});

describe('loyalty translations', () => {
  it('has every English key in Bengali', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        typeof inner === 'object' && inner !== null
          ? keys(inner as object, `${prefix}${key}.`)
          : [`${prefix}${key}`],
      );
    expect(keys(bnLoyalty).sort()).toEqual(keys(enLoyalty).sort());
  });
});
