import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, ok, renderApp, startI18n, stubServer } from '@/test/shell-test-utils';
import { logIn, memberInfo } from '@/test/feature-test-utils';

describe('the shell overlay views', () => {
  beforeEach(async () => {
    await startI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens the member centre from ?mc= and the agent centre from ?ac= for an agent', async () => {
    logIn(1);
    stubServer({
      ...normalSiteRoutes(),
      '/wps/member/info': () => ok(memberInfo({ type: 1, referralCode: 'AGT42' })),
      '/wps/member/unread': () => ok({ count: 0 }),
    });
    const app = renderApp('/?mc=referral');
    const member = await screen.findByRole('dialog', { name: 'Member centre' });
    expect(await within(member).findByRole('heading', { name: 'Invite friends' })).toBeInTheDocument();

    await app.router().navigate('/?ac=agentTeamOverview');
    const agent = await screen.findByRole('dialog', { name: 'Agent centre' });
    expect(await within(agent).findByText('AGT42')).toBeInTheDocument();
  });
});
