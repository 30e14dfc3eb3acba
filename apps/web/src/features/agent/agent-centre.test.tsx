import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import bnAgent from '@/i18n/locales/bn/agent.json';
import enAgent from '@/i18n/locales/en/agent.json';
import { AgentCentre } from './components/agent-centre';
import { AgentCentreSlot } from './components/agent-centre-slot';
import { NO_CONTRACT_TYPES } from './lib/contract-types';
import { logIn, memberInfo, renderFeature } from '@/test/feature-test-utils';
import { fakeServer } from '@/test/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;

const figures = (from: string, to: string) => ({
  from,
  to,
  newMembers: 2,
  activeMembers: 1,
  validBet: '1500.00',
  payout: '1200.00',
  profit: '-300.00',
  bets: 12,
});
const overview = (code: string) => ({
  teamSize: 5,
  directDownlines: 2,
  affiliateCode: code,
  today: figures('2026-11-21', '2026-11-21'),
  thisPeriod: figures('2026-11-01', '2026-11-21'),
  lastPeriod: figures('2026-10-01', '2026-10-31'),
  chart: [{ day: '2026-11-21', validBet: '1500.00', profit: '-300.00' }],
});
const noContracts = { enabledKinds: [], asDownline: [], asUpline: [] };
const members = {
  list: [
    {
      publicId: 'mbr_sub1',
      username: 'subagent',
      type: 1,
      isAgent: true,
      teamSize: 3,
      joinedAt: '2026-11-01T00:00:00.000Z',
      status: 'active',
      contracts: [{ kind: 'daily_wage' as const, status: 'active' as const }],
    },
  ],
  pageNo: 1,
  pageSize: 20,
  totalCount: 1,
  totalPages: 1,
  breadcrumb: [{ publicId: 'mbr_me', username: 'me' }],
};

describe('agent centre', () => {
  it('stays hidden for a plain member (type 0)', async () => {
    logIn(0);
    const server = fakeServer({ 'GET /wps/member/info': () => memberInfo() });
    renderFeature(<AgentCentreSlot />, { route: '/?ac=agentTeamOverview' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('opens for an agent (type 1) on team overview with the affiliate code, and closes', async () => {
    logIn(1);
    fakeServer({
      'GET /wps/member/info': () => memberInfo({ type: 1, referralCode: 'AGT42' }),
      'GET /wps/agent/team/overview': () => overview('AGT42'),
      'GET /wps/agent/contracts': () => noContracts,
      'GET /wps/agent/team/members': () => members,
    });
    const { user } = renderFeature(<AgentCentreSlot />, { route: '/live?ac=' });

    const dialog = await screen.findByRole('dialog', { name: 'Agent centre' });
    const menu = within(dialog).getByRole('navigation', { name: 'Agent centre menu' });
    expect(within(menu).getByRole('button', { name: 'Team overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(dialog).getByRole('heading', { name: 'Team overview' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Team members (all levels)')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Invite link' })).toBeInTheDocument();
    expect(await within(dialog).findByTitle('QR code of your invite link')).toBeInTheDocument();

    // Contract entries stay hidden until their contract types are enabled.
    const names = within(menu)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual([
      'Announcement',
      'Team overview',
      'Registration centre',
      'Team management',
      'Team betting',
      'User profit and loss',
      'My income',
      'Downline transaction details',
    ]);

    await user.click(within(menu).getByRole('button', { name: 'Team management' }));
    expect(location()).toBe('/live?ac=downlineManagmentView');
    expect(within(menu).getByRole('button', { name: 'Team management' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await within(dialog).findByRole('button', { name: 'subagent' })).toBeInTheDocument();
    expect(within(dialog).getByText('Daily wages (Active)')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(location()).toBe('/live');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('falls back to team overview for a hidden contract page', async () => {
    logIn(41);
    fakeServer({
      'GET /wps/member/info': () => memberInfo({ type: 41 }),
      'GET /wps/agent/team/overview': () => overview('X1'),
      'GET /wps/agent/contracts': () => noContracts,
    });
    renderFeature(<AgentCentreSlot />, { route: '/?ac=dividend' });
    expect(await screen.findByRole('heading', { name: 'Team overview' })).toBeInTheDocument();
  });

  it('shows each contract entry once its type is enabled', async () => {
    logIn(2);
    fakeServer({
      'GET /wps/member/info': () => memberInfo({ type: 2 }),
      'GET /wps/agent/contracts': () => noContracts,
      'GET /wps/agent/income': () => ({
        list: [],
        pageNo: 1,
        pageSize: 20,
        totalCount: 0,
        totalPages: 0,
        totals: [],
      }),
    });
    renderFeature(
      <AgentCentre
        open
        page="dividend"
        contractTypes={{ ...NO_CONTRACT_TYPES, dividend: true, realTimeSalary: true }}
        onNavigate={() => {}}
        onClose={() => {}}
      />,
    );
    const menu = await screen.findByRole('navigation', { name: 'Agent centre menu' });
    expect(within(menu).getByRole('button', { name: 'Dividend' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'Real-time salary' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Daily wages' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Hourly salary' })).not.toBeInTheDocument();
  });

  it('lists the announcements for agents a page at a time, the newest open, and says when there are none', async () => {
    logIn(1);
    const notice = (index: number) => ({
      id: `ann_${index}`,
      type: 'PL' as const,
      title: `Agent notice ${index}`,
      content: `Body of notice ${index}`,
      timestamp: new Date(Date.UTC(2026, 10, index)).toISOString(),
    });
    const server = fakeServer({
      'GET /wps/member/info': () => memberInfo({ type: 1 }),
      'GET /wps/agent/contracts': () => noContracts,
      'GET /wps/agent/announcements': ({ query }) => {
        const pageNo = Number(query.get('pageNo'));
        const ids = pageNo === 1 ? [12, 11, 10, 9, 8, 7, 6, 5, 4, 3] : [2, 1];
        return { list: ids.map(notice), pageNo, pageSize: 10, totalCount: 12, totalPages: 2 };
      },
    });
    const { user } = renderFeature(<AgentCentreSlot />, { route: '/?ac=announcement' });
    const list = await screen.findByRole('list', { name: 'Announcements for agents' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByText('Body of notice 12')).toBeVisible();
    expect(within(list).getByText('Body of notice 11')).not.toBeVisible();
    await user.click(within(list).getByText('Agent notice 11'));
    expect(within(list).getByText('Body of notice 11')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^(page )?2$/i }));
    expect(await screen.findByText('Agent notice 1')).toBeInTheDocument();
    const asked = server.fetch.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('announcements'));
    expect(asked.at(-1)).toMatch(/pageNo=2/);

    server.use({
      'GET /wps/agent/announcements': () => ({
        list: [],
        pageNo: 1,
        pageSize: 10,
        totalCount: 0,
        totalPages: 0,
      }),
    });
    const { unmount } = renderFeature(
      <AgentCentre
        open
        page="announcement"
        contractTypes={NO_CONTRACT_TYPES}
        onNavigate={() => {}}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
    unmount();
  });

  it('has the same translation keys in Bengali and English', () => {
    const keysOf = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
        : [prefix.slice(0, -1)];
    expect(keysOf(bnAgent).sort()).toEqual(keysOf(enAgent).sort());
  });
});
