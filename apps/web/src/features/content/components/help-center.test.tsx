import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render-with-providers';
import HelpPage from '../pages/help-page';
import { HelpModal } from './help-modal';

const helpCenter = {
  sections: [
    {
      id: 's1',
      title: 'Account',
      articles: [
        { id: 'a1', title: 'How to register', content: 'Tap Register.\n\nFill the form.' },
        { id: 'a2', title: 'Forgot password', content: 'Use the reset link.' },
      ],
    },
    {
      id: 's2',
      title: 'Deposits',
      articles: [{ id: 'a3', title: 'Deposit methods', content: 'Bank and e-wallet.' }],
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('HelpModal', () => {
  it('expands sections, opens an article and goes back', async () => {
    const server = fakeServer({ 'GET /wps/system/helpCenter': () => helpCenter });
    const { user } = renderWithProviders(<HelpModal open onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'How to register' }));
    expect(screen.getByRole('heading', { name: 'How to register' })).toHaveFocus();
    expect(screen.getByText('Fill the form.')).toBeInTheDocument();
    expect(server.calls('GET /wps/system/helpCenter')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /Back to topics/ }));
    const deposits = screen.getByRole('button', { name: 'Deposits' });
    expect(deposits).toHaveAttribute('aria-expanded', 'false');
    await user.click(deposits);
    expect(deposits).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Deposit methods' }));
    expect(screen.getByText('Bank and e-wallet.')).toBeInTheDocument();
  });
});

describe('HelpPage', () => {
  it('opens the article named in the address', async () => {
    fakeServer({ 'GET /wps/system/helpCenter': () => helpCenter });
    renderWithProviders(<HelpPage />, { route: '/help?article=a3' });
    expect(await screen.findByRole('heading', { name: 'Deposit methods' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Help centre' })).toBeInTheDocument();
  });
});
