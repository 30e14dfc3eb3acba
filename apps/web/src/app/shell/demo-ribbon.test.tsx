import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, renderApp, startI18n } from '@/test/shell-test-utils';
import { fakeServer } from '@/test/fake-server';

describe('demo ribbon', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says on every page that the demo is not real money', async () => {
    await startI18n('en');
    fakeServer(normalSiteRoutes({ info: { demo: true } }));
    renderApp('/');
    expect(await screen.findByRole('note')).toHaveTextContent('Demo site: no real money');
  });

  it('says it in Bengali by default', async () => {
    await startI18n('bn');
    fakeServer(normalSiteRoutes({ info: { demo: true } }));
    renderApp('/');
    expect(await screen.findByRole('note')).toHaveTextContent('ডেমো সাইট');
  });

  it('is not on a production site', async () => {
    await startI18n('en');
    fakeServer(normalSiteRoutes({ info: { demo: false } }));
    renderApp('/');
    await screen.findByRole('main');
    expect(screen.queryByText('Demo site: no real money')).toBeNull();
  });
});
