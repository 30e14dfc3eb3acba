import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { readStaffSession } from '@/lib/session';
import { LoginPage } from './login-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the login with each of `answers` in turn, and the captcha with a picture. */
function serve(answers: Response[]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/wps/captcha')
        return json(200, { success: true, value: { captchaId: 'c1', image: 'AAAA' } });
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next;
    }),
  );
  return calls;
}

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LoginPage />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('staff sign-in', () => {
  it('asks for the authenticator code when the server answers TOTP_REQUIRED, then signs in', async () => {
    const calls = serve([
      json(401, { success: false, code: 'TOTP_REQUIRED' }),
      json(200, { success: true, value: { token: 'tok', username: 'admin', roles: ['owner', 'finance'] } }),
    ]);
    renderPage();
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'Admin-Pass-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code from your authenticator app.');
    const code = screen.getByLabelText('Authenticator code');
    await vi.waitFor(() => expect(code).toHaveFocus());
    expect(calls[0]?.body).toEqual({ username: 'admin', password: 'Admin-Pass-2026' });

    // Five digits are refused here, before any call.
    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6 digits of the code.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await userEvent.type(code, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(readStaffSession()?.roles).toEqual(['owner', 'finance']));
    expect(calls[1]?.body).toEqual({ username: 'admin', password: 'Admin-Pass-2026', otp: '123456' });
  });

  it('shows the captcha once the server says captchaRequired, and sends its answer', async () => {
    const calls = serve([
      json(401, { success: false, code: 'INVALID_CREDENTIALS', details: { captchaRequired: true } }),
      json(401, { success: false, code: 'INVALID_CREDENTIALS', details: { captchaRequired: true } }),
    ]);
    renderPage();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    expect(await screen.findByRole('img', { name: 'Picture of characters to type' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Characters in the picture'), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ captchaId: 'c1', captcha: 'ab12' });
  });

  it('shows the new secret as a QR code when the server answers TOTP_SETUP_REQUIRED, then signs in with a code', async () => {
    const uri = 'otpauth://totp/Back%20office:admin?secret=JBSWY3DPEHPK3PXP&issuer=Back%20office';
    const calls = serve([
      json(403, {
        success: false,
        code: 'TOTP_SETUP_REQUIRED',
        details: { totpUri: uri, totpSecret: 'JBSWY3DPEHPK3PXP' },
      }),
      json(200, { success: true, value: { token: 'tok', username: 'admin', roles: ['owner'] } }),
    ]);
    renderPage();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'Admin-Pass-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Set it up below.');
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const code = screen.getByLabelText('Authenticator code');
    await vi.waitFor(() => expect(code).toHaveFocus());
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(readStaffSession()?.username).toBe('admin'));
    expect(calls[1]?.body).toEqual({ username: 'admin', password: 'Admin-Pass-2026', otp: '654321' });
  });
});
