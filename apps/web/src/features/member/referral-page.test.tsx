import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberCentreSlot } from './components/member-centre-slot';
import { logIn, memberInfo, renderFeature } from '@/test/feature-test-utils';
import { fakeServer } from '@/test/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const friendsPage = (list: { username: string; firstDeposit: string | null; reward: string | null }[]) => ({
  list: list.map((row) => ({ ...row, joinedAt: '2026-11-20T10:00:00.000Z', rewardedAt: null })),
  pageNo: 1,
  pageSize: 10,
  totalCount: list.length,
  totalPages: list.length > 0 ? 1 : 0,
  rateBp: 500,
  max: '500.00',
  totalReward: '20.00',
});

describe('invite friends', () => {
  it('lists the invited friends with their first deposit and the reward it paid', async () => {
    logIn();
    fakeServer({
      'GET /wps/member/info': () => memberInfo({ referralCode: 'RAHIM7' }),
      'GET /wps/member/referral/friends': () =>
        friendsPage([
          { username: 'karim01', firstDeposit: '400.00', reward: '20.00' },
          { username: 'nadia02', firstDeposit: null, reward: null },
        ]),
    });
    renderFeature(<MemberCentreSlot />, { route: '/?mc=referral' });
    const friends = await screen.findByRole('region', { name: 'Invited friends' });
    const rows = await within(friends).findAllByRole('row');
    expect(rows[1]).toHaveTextContent(/karim01.*400\.00.*20\.00/);
    expect(rows[2]).toHaveTextContent(/nadia02.*Not yet/);
    expect(within(friends).getByText(/5\.00% of each friend's first deposit/)).toBeInTheDocument();
  });

  it('shows the invite link with a copy button and its QR code', async () => {
    logIn();
    fakeServer({
      'GET /wps/member/info': () => memberInfo({ referralCode: 'RAHIM7' }),
      'GET /wps/member/referral/friends': () => friendsPage([]),
    });
    const { user } = renderFeature(<MemberCentreSlot />, { route: '/?mc=referral' });

    const link = `${window.location.origin}/register?referralCode=RAHIM7`;
    expect(await screen.findByLabelText('Your invite link')).toHaveValue(link);
    await user.click(screen.getByRole('button', { name: 'Copy Your invite link' }));
    // user-event puts a clipboard stand-in in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();

    const qr = await screen.findByTitle('QR code of your invite link');
    const svg = qr.closest('svg');
    expect(svg).toHaveAttribute('width', '200');
    // SPEC section 9: a 20 px quiet zone around the code.
    expect(svg?.closest('.ui-qr-code')).toHaveStyle({ padding: '20px' });
  });
});
