import type { Player360 } from '@platform/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeStaffSession } from '@/lib/session';
import type { AdminRole } from '@platform/contract/client';
import { Player360View } from './player-360';

const member = (account: string, username: string) => ({ account, username, type: 1 });

export const samplePlayer: Player360 = {
  profile: {
    account: '10000042',
    username: 'rahim01',
    nickname: null,
    realName: 'Rahim Uddin',
    countryDialingCode: '880',
    mobile: '017****5678',
    mobileVerified: true,
    email: 'rahim@example.com',
    type: 0,
    status: 'active',
    loginAllowed: true,
    locked: false,
    bettingSuspended: true,
    withdrawalsSuspended: false,
    hasPaymentPassword: true,
    twoFactor: false,
    createdAt: '2026-11-01T04:00:00.000Z',
    registerIp: '203.0.113.7',
    registerCountry: 'BD',
    registerDomain: 'play.example.com',
    firstLoginAt: '2026-11-01T04:01:00.000Z',
    lastLoginAt: '2026-11-28T10:00:00.000Z',
    lastLoginIp: '203.0.113.8',
  },
  balances: {
    main: '1234.50',
    bonus: '20.00',
    held: '300.00',
    demo: '0.00',
    subWallets: [{ vendor: 'TRANSFERX', balance: '55.25', refreshedAt: null }],
  },
  statement: {
    total: 57,
    items: [
      {
        at: '2026-11-28T10:05:00.000Z',
        kind: 'deposit',
        wallet: 'main',
        amount: '500.00',
        balanceAfter: '1234.50',
        reference: 'D-77',
        memo: null,
        actor: 'system',
      },
      {
        at: '2026-11-28T09:00:00.000Z',
        kind: 'bet',
        wallet: 'main',
        amount: '-10.00',
        balanceAfter: '734.50',
        reference: 'R-1',
        memo: null,
        actor: 'vendor:DEMO',
      },
    ],
  },
  deposits: {
    total: 3,
    creditedTotal: '1500.00',
    items: [
      {
        id: 'D-77',
        at: '2026-11-28T10:05:00.000Z',
        channel: 'bkash',
        amount: '500.00',
        status: 'credited',
        reference: 'TRX123',
        decidedBy: null,
      },
    ],
  },
  withdrawals: {
    total: 1,
    paidTotal: '0.00',
    items: [
      {
        id: 'W-5',
        at: '2026-11-28T11:00:00.000Z',
        amount: '300.00',
        status: 'pending',
        bankName: 'City Bank',
        accountNumber: '****4321',
        decidedBy: null,
        reason: null,
      },
    ],
  },
  bonuses: {
    total: 1,
    requiredTotal: '200.00',
    items: [
      {
        at: '2026-11-20T10:00:00.000Z',
        source: 'bonus',
        amount: '20.00',
        reference: 'B-1',
        required: '200.00',
        forfeited: false,
      },
    ],
  },
  bets: {
    total: 2,
    items: [
      {
        source: 'seamless',
        vendor: 'DEMO',
        game: 'Lucky Slot',
        roundId: 'round-abc-1',
        period: null,
        at: '2026-11-28T09:00:00.000Z',
        stake: '10.00',
        win: '0.00',
        status: 'settled',
        demo: false,
      },
      {
        source: 'lottery',
        vendor: 'HOUSE',
        game: 'Fast 3',
        roundId: 'LB-99',
        period: '20261128-0101',
        at: '2026-11-28T08:00:00.000Z',
        stake: '5.00',
        win: '9.50',
        status: 'settled',
        demo: false,
      },
    ],
  },
  loyalty: { points: '1200', rankLevel: 3 },
  agent: {
    uplines: [member('10000007', 'agentkarim'), member('10000001', 'topagent')],
    downlines: 0,
    team: 0,
  },
  referral: { code: 'RAHIM1', referredBy: member('10000009', 'friendly'), friends: 2, rewardsPaid: '40.00' },
  sessions: {
    total: 4,
    items: [
      {
        at: '2026-11-28T10:00:00.000Z',
        lastSeenAt: '2026-11-28T10:30:00.000Z',
        ip: '203.0.113.8',
        country: 'BD',
        device: '0123456789abcdef',
        userAgent: 'Mozilla/5.0',
        state: 'live',
        endedReason: null,
      },
    ],
  },
  logins: {
    total: 9,
    items: [
      {
        at: '2026-11-28T10:00:00.000Z',
        event: 'login',
        ip: '203.0.113.8',
        country: 'BD',
        device: '0123456789abcdef',
      },
    ],
  },
  linked: {
    total: 1,
    items: [
      {
        account: '10000077',
        username: 'rahim_alt',
        status: 'active',
        via: ['device', 'ip'],
        value: '0123456789abcdef',
      },
    ],
  },
  notes: {
    total: 1,
    items: [
      { id: 'n1', at: '2026-11-27T08:00:00.000Z', author: 'support', text: 'Called about a late deposit.' },
    ],
  },
  tags: ['vip', 'watch'],
};

function show(roles: AdminRole[], player: Player360 = samplePlayer) {
  storeStaffSession({ token: 'staff-token', username: 'someone', roles });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Player360View player={player} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the player 360', () => {
  beforeEach(() => {
    // The site's currency (GET /wps/system/permission): BDT, written in en-US style for English.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          success: true,
          value: { info: { currency: { code: 'BDT', locales: { en: 'en-US', bn: 'bn-BD' } } } },
        }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the profile, status flags, balances exactly, points, the upline chain, referral and tags', async () => {
    show(['support']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Player 360: rahim01 (10000042)');
    expect(screen.getByText('Betting suspended')).toBeInTheDocument();
    expect(screen.getByText('Rahim Uddin')).toBeInTheDocument();
    // money exactly as the server wrote it, with the site's currency once it is known
    expect(await screen.findByText('৳1,234.50')).toBeInTheDocument();
    expect(screen.getByText('৳300.00')).toBeInTheDocument();
    expect(screen.getByText('৳55.25')).toBeInTheDocument();
    expect(screen.getByText('1200')).toBeInTheDocument();
    const chain = screen.getByRole('list', { name: 'Upline chain, nearest first' });
    const uplines = within(chain).getAllByRole('link');
    expect(uplines.map((link) => link.getAttribute('href'))).toEqual([
      '/players/10000007',
      '/players/10000001',
    ]);
    expect(screen.getByRole('link', { name: 'friendly (10000009)' })).toHaveAttribute(
      'href',
      '/players/10000009',
    );
    expect(screen.getByRole('heading', { name: 'Tags (2)' })).toBeInTheDocument();
    expect(screen.getByText('vip')).toBeInTheDocument();
  });

  it('names every section with its count and shows each one’s rows', async () => {
    const user = userEvent.setup();
    show(['support']);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Overview',
      'Statement (57)',
      'Deposits (3)',
      'Withdrawals (1)',
      'Bonuses and turnover (1)',
      'Bets (2)',
      'Sessions (4)',
      'Logins (9)',
      'Linked accounts (1)',
      'Notes (1)',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Statement (57)' }));
    const statement = screen.getByRole('table', { name: 'Statement' });
    expect(within(statement).getByText('-৳10.00')).toBeInTheDocument();
    expect(within(statement).getByText('৳734.50')).toBeInTheDocument();
    expect(screen.getByText('The newest 2 of 57.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Deposits (3)' }));
    expect(screen.getByText('Credited in all: ৳1,500.00')).toBeInTheDocument();
    expect(screen.getByText('TRX123')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Withdrawals (1)' }));
    expect(screen.getByText('City Bank ****4321')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Bonuses and turnover (1)' }));
    expect(screen.getByText('Turnover still required before a withdrawal: ৳200.00')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Bets (2)' }));
    expect(screen.getByText('round-abc-1')).toBeInTheDocument();
    expect(screen.getByText('LB-99 · 20261128-0101')).toBeInTheDocument();
    expect(screen.getByText('Lottery')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sessions (4)' }));
    const sessions = screen.getByRole('table', { name: 'Sessions' });
    expect(within(sessions).getByText('203.0.113.8')).toBeInTheDocument();
    expect(within(sessions).getByText('0123456789abcdef')).toBeInTheDocument();
    expect(within(sessions).getByText('Live')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Linked accounts (1)' }));
    expect(screen.getByRole('link', { name: 'rahim_alt (10000077)' })).toHaveAttribute(
      'href',
      '/players/10000077',
    );
    expect(screen.getByText('Device, IP address')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Notes (1)' }));
    expect(screen.getByText('Called about a late deposit.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New note' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    show(['analyst']);
    screen.getByRole('tab', { name: 'Overview' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Statement (57)' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Statement (57)' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Notes (1)' })).toHaveFocus();
    // an analyst reads but does not write notes
    expect(screen.queryByRole('textbox', { name: 'New note' })).not.toBeInTheDocument();
  });

  it('offers the actions the staff member’s roles allow, as the member stands', () => {
    show(['support']);
    const actions = screen.getByRole('region', { name: 'Actions' });
    const labels = within(actions)
      .getAllByRole('button')
      .map((button) => button.textContent);
    // support: lock, log out, reset; not betting (risk), bonus (finance) or balance (finance)
    expect(labels).toEqual(['Lock login', 'Force log out', 'Reset password']);
  });

  it('shows an owner resume for a suspended member and says when a decision waits for a second member of staff', async () => {
    const user = userEvent.setup();
    show(['owner']);
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Resume betting' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Suspend betting' })).not.toBeInTheDocument();

    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/adjust')) {
        return Response.json({
          success: true,
          value: {
            main: '1234.50',
            approval: {
              id: 'AP-9',
              kind: 'adjustment',
              memberAccount: '10000042',
              amount: '5000.00',
              turnoverMultiple: null,
              reason: 'refund of a lost deposit',
              requestedBy: 'someone',
              requestedAt: '2026-11-28T12:00:00.000Z',
              state: 'pending',
              decidedBy: null,
              decidedAt: null,
              decisionReason: null,
            },
          },
        });
      }
      return Response.json({
        success: true,
        value: { info: { currency: { code: 'BDT', locales: { en: 'en-US', bn: 'bn-BD' } } } },
      });
    });
    await user.click(within(actions).getByRole('button', { name: 'Adjust balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust the balance of rahim01' });
    // the reason is required
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Say why (2 to 500 characters).')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '5000.00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'refund of a lost deposit');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog).getByText('Adjust the balance of rahim01 (10000042) by this amount?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Nothing has moved yet: this waits for a second member of staff to confirm it (approval AP-9).',
    );
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes('/adjust'));
    const body = JSON.parse(String((sent?.[1] as RequestInit).body)) as Record<string, unknown>;
    expect(body).toMatchObject({ amount: '5000.00', reason: 'refund of a lost deposit' });
    expect(body.requestId).toEqual(expect.any(String));
  });
});
