import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeStaffSession } from '@/lib/session';
import type { AdminRole } from '@platform/contract/client';
import type { AdminWithdrawal, RiskFlag } from '../api/withdrawals';
import { fourEyesState } from './four-eyes-state';
import { RiskFlags } from './risk-flags';
import { WithdrawalReview } from './withdrawal-detail';

const base: AdminWithdrawal = {
  id: 'wdr_1',
  amount: '60000.00',
  status: 'pending',
  bankAccount: {
    id: 'ba_1',
    bankName: 'Demo Bank',
    accountName: 'Cash Tester',
    accountNumber: '******3344',
    createdAt: '2026-11-29T07:00:00.000Z',
  },
  payoutReference: null,
  reason: null,
  forcedReceipt: false,
  createdAt: '2026-11-29T08:00:00.000Z',
  decidedAt: null,
  paidAt: null,
  confirmedAt: null,
  autoReceiptAt: null,
  memberAccount: '10000042',
  memberUsername: 'cash42',
  memberRealName: null,
  firstApproval: null,
  awaitingSecondApproval: false,
  decidedBy: null,
  hold: null,
  riskFlags: [],
};

const flags: RiskFlag[] = [
  { code: 'TURNOVER_NOT_MET', detail: { required: '1000.00', wagered: '250.50', remaining: '749.50' } },
  { code: 'NEW_BANK_ACCOUNT', detail: { addedAt: '2026-11-29T05:00:00.000Z', hoursBeforeRequest: 3 } },
  { code: 'FIRST_WITHDRAWAL', detail: { previousPaid: 0 } },
  {
    code: 'LINKED_ACCOUNTS',
    detail: { count: 2, byBankAccount: ['10000007'], byRegisterIp: ['10000009'], byLoginIp: [] },
  },
  {
    code: 'AMOUNT_ABOVE_USUAL',
    detail: { amount: '60000.00', median: '500.00', multiple: 5, previousPaid: 4 },
  },
  { code: 'COUNTRY_MISMATCH', detail: { registrationCountry: 'BD', loginCountry: 'SG' } },
];

function signIn(username: string, roles: AdminRole[]) {
  storeStaffSession({ token: 'tok', username, roles });
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => vi.unstubAllGlobals());

describe('the withdrawal row’s risk flags', () => {
  it('shows each flag as a labelled badge with the numbers the server sent, money as written', () => {
    render(<RiskFlags flags={flags} />);
    const list = screen.getByRole('list', { name: '6 risk flags' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Turnover not metrequired 1000.00, wagered 250.50, remaining 749.50',
      'New bank accountadded 3 hours before the request',
      'First withdrawalno earlier paid withdrawal',
      'Linked accounts2 other accounts; same bank account: 10000007; same sign-up address: 10000009',
      'Above usual amount60000.00 is over 5 × the usual 500.00 (4 earlier withdrawals)',
      'Country differssigned up from BD, last login from SG',
    ]);
  });

  it('says so when the server noticed nothing', () => {
    render(<RiskFlags flags={[]} />);
    expect(screen.getByText('No flags')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('four-eyes states', () => {
  it('tells open, awaiting a second approver (by another or by me), held and decided apart', () => {
    const first = { by: 'finance', at: '2026-11-29T08:05:00.000Z', payoutReference: 'REF-1' };
    expect(fourEyesState(base, 'finance')).toBe('open');
    const awaiting = { ...base, firstApproval: first, awaitingSecondApproval: true };
    expect(fourEyesState(awaiting, 'admin')).toBe('awaitingSecond');
    expect(fourEyesState(awaiting, 'finance')).toBe('awaitingSecondByMe');
    const held = { ...base, hold: { by: 'risk', at: '2026-11-29T08:06:00.000Z', reason: 'check' } };
    expect(fourEyesState(held, 'finance')).toBe('held');
    expect(fourEyesState({ ...awaiting, status: 'paid' }, 'admin')).toBe('decided');
  });

  it('offers the first approval on an open withdrawal, behind a dialog asking the payout reference', async () => {
    signIn('finance', ['finance']);
    render(wrap(<WithdrawalReview withdrawal={base} />));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(within(dialog).getByLabelText('Payout reference')).toHaveFocus();
    expect(dialog).toHaveTextContent('60000.00 to cash42 (10000042)');
  });

  it('shows who approved first and lets another member of staff give the second', () => {
    signIn('admin', ['owner']);
    const awaiting = {
      ...base,
      firstApproval: { by: 'finance', at: '2026-11-29T08:05:00.000Z', payoutReference: 'REF-1' },
      awaitingSecondApproval: true,
    };
    render(wrap(<WithdrawalReview withdrawal={awaiting} />));
    expect(screen.getByText(/Awaiting a second approver: finance approved first/)).toBeInTheDocument();
    expect(screen.getByText(/You may give the second approval/)).toBeInTheDocument();
    expect(screen.getByTestId('first-approver')).toHaveTextContent('finance');
    expect(screen.getByRole('button', { name: 'Give the second approval' })).toBeInTheDocument();
  });

  it('does not let the first approver give the second', () => {
    signIn('finance', ['finance']);
    const awaiting = {
      ...base,
      firstApproval: { by: 'finance', at: '2026-11-29T08:05:00.000Z', payoutReference: 'REF-1' },
      awaitingSecondApproval: true,
    };
    render(wrap(<WithdrawalReview withdrawal={awaiting} />));
    expect(screen.getByText(/a different member of staff must give the second/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /approv/i })).not.toBeInTheDocument();
    // Rejecting stays possible.
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('held: nobody approves; risk may release it, finance may not hold or release', () => {
    const held = { ...base, hold: { by: 'risk', at: '2026-11-29T08:06:00.000Z', reason: 'linked accounts' } };
    signIn('finance', ['finance']);
    const { unmount } = render(wrap(<WithdrawalReview withdrawal={held} />));
    expect(screen.getByText(/Held for review by risk/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /approve|release|hold/i })).not.toBeInTheDocument();
    unmount();
    signIn('risk', ['risk']);
    render(wrap(<WithdrawalReview withdrawal={held} />));
    expect(screen.getByRole('button', { name: 'Release from review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /approve/i })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal with its code when the first approver tries again', async () => {
    signIn('admin', ['owner']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            success: false,
            code: 'CONFLICT',
            issues: [{ path: ['approver'], message: 'you gave the first approval' }],
          },
          { status: 409 },
        ),
      ),
    );
    const awaiting = {
      ...base,
      firstApproval: { by: 'finance', at: '2026-11-29T08:05:00.000Z', payoutReference: 'REF-1' },
      awaitingSecondApproval: true,
    };
    render(wrap(<WithdrawalReview withdrawal={awaiting} />));
    await userEvent.click(screen.getByRole('button', { name: 'Give the second approval' }));
    const dialog = screen.getByRole('dialog', { name: 'Give the second approval?' });
    await userEvent.type(within(dialog).getByLabelText('Payout reference'), 'BANK-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve 60000.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You gave the first approval: a different member of staff must give the second. (code CONFLICT)',
    );
  });
});
