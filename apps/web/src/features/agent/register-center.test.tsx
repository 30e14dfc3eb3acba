import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterCenterPage } from './pages/register-center-page';
import { logIn, memberInfo, renderFeature } from '@/test/feature-test-utils';
import { bodyOf, fail, fakeServer } from '@/test/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const contracts = {
  enabledKinds: ['daily_wage' as const],
  asDownline: [
    {
      id: 'ctr_1',
      kind: 'daily_wage' as const,
      cycle: 'daily' as const,
      tiers: [{ min: '0.00', minActive: 0, rateBp: 300 }],
      status: 'active' as const,
      upline: null,
      downline: 'me',
      offeredAt: '2026-11-01T00:00:00.000Z',
      respondedAt: '2026-11-01T00:00:00.000Z',
      effectiveFrom: '2026-11-02T00:00:00.000Z',
      terminatedAt: null,
      terminationReason: null,
    },
  ],
  asUpline: [],
};
const link = {
  id: 'inv_1',
  code: 'ABCDEFGH23',
  type: 'agent' as const,
  offer: {
    kind: 'daily_wage' as const,
    cycle: 'daily' as const,
    tiers: [{ min: '0.00', minActive: 0, rateBp: 200 }],
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  signups: 4,
  conversions: 2,
};

describe('registerCenter', () => {
  it('lists invite links with their QR code, sign-ups and first deposits, and makes a new one with an offer', async () => {
    logIn(1);
    const server = fakeServer({
      'GET /wps/member/info': () => memberInfo({ type: 1, referralCode: 'AGT42' }),
      'GET /wps/agent/contracts': () => contracts,
      'GET /wps/agent/register/links': () => ({ list: [link] }),
      'POST /wps/agent/register/links': () => ({
        ...link,
        id: 'inv_2',
        code: 'ZZZZZZZZ22',
        signups: 0,
        conversions: 0,
      }),
    });
    const { user } = renderFeature(<RegisterCenterPage />);
    const links = await screen.findByRole('region', { name: 'Your invite links' });
    const card = within(links).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(card).getByText('Sign-ups').nextSibling).toHaveTextContent('4');
    expect(within(card).getByText('First deposits').nextSibling).toHaveTextContent('2');
    expect(within(card).getByDisplayValue(/register\?affiliateCode=ABCDEFGH23$/)).toBeInTheDocument();
    expect(await within(card).findByTitle('QR code of invite link ABCDEFGH23')).toBeInTheDocument();
    expect(within(card).getByText(/Offers a Daily wages contract/)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'New invite link' });
    await user.selectOptions(within(form).getByLabelText('Account type'), 'agent');
    await user.selectOptions(within(form).getByLabelText('Contract offered'), 'daily_wage');
    await user.type(within(form).getByLabelText(/Rate/), '2');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    await vi.waitFor(() => expect(server.calls('POST /wps/agent/register/links')).toHaveLength(1));
    expect(bodyOf(server.calls('POST /wps/agent/register/links')[0]!)).toEqual({
      type: 'agent',
      offer: { kind: 'daily_wage', tiers: [{ min: '0', minActive: 0, rateBp: 200 }] },
    });
  });

  it('creates a downline account, and shows the server’s reason under the field', async () => {
    logIn(1);
    let attempts = 0;
    const server = fakeServer({
      'GET /wps/member/info': () => memberInfo({ type: 1, referralCode: 'AGT42' }),
      'GET /wps/agent/contracts': () => contracts,
      'GET /wps/agent/register/links': () => ({ list: [] }),
      'POST /wps/agent/register/accounts': () =>
        (attempts += 1) === 1
          ? fail('VALIDATION_FAILED', 400, { issues: [{ path: 'username', message: 'validation.required' }] })
          : { publicId: 'mbr_new', username: 'newplayer', type: 0 },
    });
    const { user } = renderFeature(<RegisterCenterPage />);
    expect(await screen.findByText('No invite links yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create a downline account' });
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await within(form).findByText('Enter a username.')).toBeInTheDocument();
    expect(server.calls('POST /wps/agent/register/accounts')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Username/), 'newplayer');
    await user.type(within(form).getByLabelText(/^Password/), 'Secret123');
    await user.type(within(form).getByLabelText(/^Confirm password/), 'Secret12');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await within(form).findByText('The passwords do not match.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Confirm password/));
    await user.type(within(form).getByLabelText(/^Confirm password/), 'Secret123');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await within(form).findByText('newplayer was created and joined your team.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST /wps/agent/register/accounts')[1]!)).toEqual({
      username: 'newplayer',
      password: 'Secret123',
      type: 'player',
    });
  });
});
