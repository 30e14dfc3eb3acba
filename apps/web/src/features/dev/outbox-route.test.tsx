import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, ok, renderApp, startI18n, stubServer } from '@/test/shell-test-utils';

describe('/dev/outbox route', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the outbox page on its own', async () => {
    await startI18n('en');
    stubServer({
      ...normalSiteRoutes(),
      '/wps/dev/outbox': () =>
        ok([
          {
            id: '1',
            channel: 'sms',
            to: '+8801711111111',
            subject: null,
            body: 'Your code is 123456',
            createdAt: '2026-11-20T08:00:00.000Z',
          },
        ]),
    });
    renderApp('/dev/outbox');
    expect(await screen.findByRole('heading', { name: 'Development outbox' })).toBeInTheDocument();
    expect(await screen.findByText('Your code is 123456')).toBeInTheDocument();
  });
});
