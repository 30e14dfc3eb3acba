import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, renderApp, startI18n } from '@/test/shell-test-utils';
import { logIn, memberInfo } from '@/test/feature-test-utils';
import { fakeServer } from '@/test/fake-server';

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
    fakeServer({
      ...normalSiteRoutes(),
      'GET /wps/member/info': () => memberInfo({ type: 1 }),
      'GET /wps/member/unread': () => ({ count: 0 }),
    });
    const app = renderApp('/?mc=referral');
    const member = await screen.findByRole('dialog', { name: 'Member centre' });
    expect(await within(member).findByRole('heading', { name: 'Invite friends' })).toBeInTheDocument();

    await app.router().navigate('/?ac=agentTeamOverview');
    const agent = await screen.findByRole('dialog', { name: 'Agent centre' });
    expect(await within(agent).findByRole('heading', { name: 'Team overview' })).toBeInTheDocument();
  });
});
