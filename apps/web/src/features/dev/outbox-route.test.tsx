import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, renderApp, startI18n } from '@/test/shell-test-utils';
import { fakeServer } from '@/test/fake-server';

describe('/dev/outbox route', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the outbox page on its own', async () => {
    await startI18n('en');
    fakeServer({
      ...normalSiteRoutes(),
      'GET /wps/dev/outbox': () => [
        {
          id: '1',
          channel: 'sms',
          to: '+8801711111111',
          subject: null,
          body: 'Your code is 123456',
          createdAt: '2026-11-20T08:00:00.000Z',
        },
      ],
    });
    renderApp('/dev/outbox');
    expect(await screen.findByRole('heading', { name: 'Development outbox' })).toBeInTheDocument();
    expect(await screen.findByText('Your code is 123456')).toBeInTheDocument();
  });
});
