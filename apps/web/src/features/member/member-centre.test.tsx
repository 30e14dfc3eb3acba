import type { MemberInfo } from '@platform/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberCentreSlot } from './components/member-centre-slot';
import { memberCentrePages } from './lib/pages';
import { logIn, memberInfo, renderFeature } from '@/test/feature-test-utils';
import bnMember from '@/i18n/locales/bn/member.json';
import enMember from '@/i18n/locales/en/member.json';
import { fakeServer } from '@/test/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;

describe('member centre', () => {
  it('opens on the page named by ?mc= and closing removes only that parameter', async () => {
    logIn();
    fakeServer({ 'GET /wps/member/info': () => memberInfo() });
    const { user } = renderFeature(<MemberCentreSlot />, { route: '/promotions?tab=vip&mc=profile' });

    const dialog = await screen.findByRole('dialog', { name: 'Member centre' });
    expect(await within(dialog).findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    const menu = within(dialog).getByRole('navigation', { name: 'Member centre menu' });
    expect(within(menu).getByRole('button', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'My account' })).not.toHaveAttribute('aria-current');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(location()).toBe('/promotions?tab=vip');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists every page SPEC names, opens my account by default and switches pages in the URL', async () => {
    logIn();
    fakeServer({ 'GET /wps/member/info': () => memberInfo() });
    const { user } = renderFeature(<MemberCentreSlot />, { route: '/?mc=' });
    const menu = await screen.findByRole('navigation', { name: 'Member centre menu' });
    expect(within(menu).getAllByRole('button')).toHaveLength(memberCentrePages.length);
    expect(within(menu).getByRole('button', { name: 'My account' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('10001234', { selector: 'dd' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('button', { name: 'Invite friends' }));
    // Page chunks load inside a transition: the old page stays until the new one is ready.
    expect(await screen.findByRole('heading', { name: 'Invite friends' })).toBeInTheDocument();
    expect(location()).toBe('/?mc=referral');
  });

  it('waits for the member info before showing the menu', async () => {
    logIn();
    let answer: (info: MemberInfo) => void = () => {};
    fakeServer({ 'GET /wps/member/info': () => new Promise<MemberInfo>((resolve) => (answer = resolve)) });
    renderFeature(<MemberCentreSlot />, { route: '/?mc=securityCenter' });

    const dialog = await screen.findByRole('dialog', { name: 'Member centre' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading…');
    expect(within(dialog).queryByRole('navigation')).not.toBeInTheDocument();

    answer(memberInfo());
    expect(await within(dialog).findByRole('navigation', { name: 'Member centre menu' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'My account' })).toBeInTheDocument();
  });

  it('shows the frame and a coming-soon state for pages not built yet', async () => {
    logIn();
    fakeServer({ 'GET /wps/member/info': () => memberInfo() });
    const { user } = renderFeature(<MemberCentreSlot />, { route: '/?mc=securityCenter' });
    const menu = await screen.findByRole('navigation', { name: 'Member centre menu' });
    for (const name of ['Betting record', 'Personal profit and loss', 'Reward centre', 'Mission activity']) {
      await user.click(within(menu).getByRole('button', { name }));
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
      expect(screen.getByText('Coming soon')).toBeInTheDocument();
    }
    expect(location()).toBe('/?mc=missionLeaderboard');
  });

  it('shows my account with masked contacts, rank, last login and the way to the profile', async () => {
    logIn();
    fakeServer({ 'GET /wps/member/info': () => memberInfo() });
    const { user } = renderFeature(<MemberCentreSlot />, { route: '/?mc=securityCenter' });
    expect(await screen.findByText('+880 171****678')).toBeInTheDocument();
    expect(screen.getByText('r***@example.com')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.7')).toBeInTheDocument();
    expect(screen.getAllByText('Gold').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(location()).toBe('/?mc=profile');
  });

  it('shows the unread count on platform information', async () => {
    logIn();
    fakeServer({
      'GET /wps/member/info': () => memberInfo(),
      'GET /wps/member/unread': () => ({ count: 3 }),
    });
    renderFeature(<MemberCentreSlot />, { route: '/?mc=messageV2' });
    // The page itself is the messaging feature's, composed by the app; the centre shows the badge.
    expect(await screen.findByRole('button', { name: 'Platform information, 3 unread' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows the open missions badge only above 0', async () => {
    logIn();
    const mission = {
      id: 'mis_0123456789abcdef',
      title: 'Play',
      kind: 'daily' as const,
      metric: 'bets' as const,
      category: null,
      target: '1',
      progress: '1',
      reward: '1.00',
      status: 'claimable' as const,
      period: '2026-11-21',
      endsAt: null,
    };
    const server = fakeServer({
      'GET /wps/member/info': () => memberInfo(),
      'GET /wps/member/unread': () => ({ count: 0 }),
      'GET /wps/missions': () => ({ list: [mission, mission], open: 2 }),
    });
    const { unmount } = renderFeature(<MemberCentreSlot />, { route: '/?mc=securityCenter' });
    expect(
      await screen.findByRole('button', { name: 'Mission activity, 2 open missions' }),
    ).toBeInTheDocument();
    unmount();
    server.use({ 'GET /wps/missions': () => ({ list: [], open: 0 }) });
    renderFeature(<MemberCentreSlot />, { route: '/?mc=securityCenter' });
    expect(await screen.findByRole('button', { name: 'Mission activity' })).toBeInTheDocument();
  });

  it('stays closed for a visitor, and a trial account gets no centre', async () => {
    const server = fakeServer({ 'GET /wps/member/info': () => memberInfo() });
    const { unmount } = renderFeature(<MemberCentreSlot />, { route: '/?mc=profile' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.fetch).not.toHaveBeenCalled();
    unmount();

    logIn(4);
    renderFeature(<MemberCentreSlot />, { route: '/?mc=profile' });
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.queryByRole('dialog', { name: 'Member centre' })).not.toBeInTheDocument();
  });
});

describe('member translations', () => {
  const keysOf = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
      : [prefix.slice(0, -1)];

  it('have the same keys in Bengali and English', () => {
    expect(keysOf(bnMember).sort()).toEqual(keysOf(enMember).sort());
  });
});
