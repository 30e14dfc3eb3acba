import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { normalSiteRoutes, renderApp, startI18n } from '@/test/shell-test-utils';

/** The chat room and the feedback form as the site's router opens them, not rendered on their own. */
describe('the /chat and /feedback routes', () => {
  beforeEach(async () => {
    await startI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens the chat room, asking a visitor to log in', async () => {
    fakeServer(normalSiteRoutes());
    renderApp('/chat');
    expect(await screen.findByText('Log in to chat')).toBeInTheDocument();
    expect(screen.queryByText('This page could not be loaded.')).not.toBeInTheDocument();
  });

  it('opens the feedback form, asking a visitor to log in', async () => {
    fakeServer(normalSiteRoutes());
    renderApp('/feedback');
    expect(await screen.findByText('Log in to send feedback')).toBeInTheDocument();
  });
});
