import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransferUplinePage } from './pages/transfer-upline-page';
import { logIn, memberInfo, renderFeature } from '@/test/feature-test-utils';
import { bodyOf, fail, fakeServer } from '@/test/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const limits = { upline: 'agent01', min: '1.00', max: '50000.00' };

describe('transferUpline', () => {
  it('sends money to the upline with the payment password; a wrong password lands under its field', async () => {
    logIn(0);
    let attempts = 0;
    const server = fakeServer({
      'GET /wps/agent/transfer/upline': () => limits,
      'POST /wps/agent/transfer/upline': () =>
        (attempts += 1) === 1
          ? fail('INVALID_PAYMENT_PASSWORD', 400)
          : { to: 'agent01', amount: '120.50', balance: '79.50' },
    });
    const { user } = renderFeature(<TransferUplinePage info={memberInfo()} />);
    const form = await screen.findByRole('form', { name: 'Transfer to your upline agent01' });
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(await within(form).findByText('Enter your payment password.')).toBeInTheDocument();
    expect(server.calls('POST /wps/agent/transfer/upline')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Amount/), '120.50');
    await user.type(within(form).getByLabelText(/^Payment password/), 'wrong123');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(await within(form).findByText('The payment password is not correct.')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^Payment password/));
    await user.type(within(form).getByLabelText(/^Payment password/), 'Pay123456');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('sent to agent01');
    const [first, second] = server.calls('POST /wps/agent/transfer/upline').map(bodyOf);
    expect(second).toMatchObject({ amount: '120.50', paymentPassword: 'Pay123456' });
    // A refusal moved nothing: the next try is a new attempt with a new id.
    expect(second?.requestId).not.toBe(first?.requestId);
  });

  it('says the deposits must be wagered first when the server holds the transfer for turnover', async () => {
    logIn(0);
    fakeServer({
      'GET /wps/agent/transfer/upline': () => limits,
      'POST /wps/agent/transfer/upline': () =>
        fail('TURNOVER_NOT_MET', 409, { details: { remaining: '200.00' } }),
    });
    const { user } = renderFeature(<TransferUplinePage info={memberInfo()} />);
    const form = await screen.findByRole('form', { name: 'Transfer to your upline agent01' });
    await user.type(within(form).getByLabelText(/^Amount/), '50');
    await user.type(within(form).getByLabelText(/^Payment password/), 'Pay123456');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(
      await screen.findByText(
        'Your deposits and bonuses must be wagered before you can transfer to your upline.',
      ),
    ).toBeInTheDocument();
  });

  it('says so when there is no upline, and lets an agent pay a direct downline', async () => {
    logIn(1);
    const server = fakeServer({
      'GET /wps/agent/transfer/upline': () => ({ ...limits, upline: null }),
      'GET /wps/agent/team/members': () => ({
        list: [
          {
            publicId: 'mbr_sub1',
            username: 'subagent',
            type: 1,
            isAgent: true,
            teamSize: 3,
            joinedAt: '2026-11-01T00:00:00.000Z',
            status: 'active',
            contracts: [],
          },
        ],
        pageNo: 1,
        pageSize: 100,
        totalCount: 1,
        totalPages: 1,
        breadcrumb: [],
      }),
      'POST /wps/agent/transfer/downline': () => ({ to: 'subagent', amount: '5.00', balance: '995.00' }),
    });
    const { user } = renderFeature(<TransferUplinePage info={memberInfo({ type: 1 })} />);
    expect(await screen.findByText('You have no upline')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Transfer to a direct downline' });
    await user.selectOptions(await within(form).findByLabelText('Downline'), 'mbr_sub1');
    await user.type(within(form).getByLabelText(/^Amount/), '5');
    await user.type(within(form).getByLabelText(/^Payment password/), 'Pay123456');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('sent to subagent');
    expect(bodyOf(server.calls('POST /wps/agent/transfer/downline')[0]!)).toMatchObject({
      downline: 'mbr_sub1',
      paymentPassword: 'Pay123456',
    });
  });
});
