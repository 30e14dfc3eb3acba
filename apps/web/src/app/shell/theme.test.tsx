import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, renderApp, startI18n } from '@/test/shell-test-utils';
import { fakeServer } from '@/test/fake-server';

describe('theme switch', () => {
  beforeEach(async () => {
    document.documentElement.dataset.theme = 'dark';
    await startI18n('en');
    fakeServer(normalSiteRoutes());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.documentElement.dataset.theme = 'dark';
  });

  it('starts dark and toggles to light and back, storing the choice', async () => {
    renderApp('/');
    const toggle = await within(await screen.findByRole('banner')).findByRole('switch', {
      name: 'Dark mode',
    });
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');

    await userEvent.click(toggle);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('reflects a light theme that index.html applied before start', async () => {
    document.documentElement.dataset.theme = 'light';
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('switch', { name: 'Dark mode' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('has the same switch in the side menu (where narrow screens find it), and the two agree', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    const headerSwitch = await within(header).findByRole('switch', { name: 'Dark mode' });
    const menuSwitch = within(document.getElementById('side-menu') as HTMLElement).getByRole('switch', {
      name: 'Dark mode',
    });

    await userEvent.click(menuSwitch);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(menuSwitch).toHaveAttribute('aria-checked', 'false');
    expect(headerSwitch).toHaveAttribute('aria-checked', 'false');

    await userEvent.click(headerSwitch);
    expect(menuSwitch).toHaveAttribute('aria-checked', 'true');
  });
});
