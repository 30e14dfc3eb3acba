import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, fakeServer } from '@/test/fake-server';
// eslint-disable-next-line no-restricted-imports -- test only: the pattern id list lives on the schema side
import { patternIds } from '@platform/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bnAuth from '@/i18n/locales/bn/auth.json';
import bnCommon from '@/i18n/locales/bn/common.json';
import enAuth from '@/i18n/locales/en/auth.json';
import { CAPTCHA_REFRESH_MS } from '../lib/use-captcha';
import { resetAuthUi, showModal } from '@/lib/auth-modals';
import { fieldRules, renderAuth, testSiteInfo, testUser } from './auth-test-utils';

beforeEach(() => resetAuthUi());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const countries = { countries: [{ countryCode: 'BD', countryDialingCode: '880' }], defaultCountryCode: 'BD' };
const captchaAnswer = (n: number) => ({ captchaId: `c${n}`, image: `IMG${n}` });

async function openRegister(info = testSiteInfo()) {
  const utils = renderAuth(null, { info });
  act(() => showModal({ kind: 'register' }));
  const dialog = await screen.findByRole('dialog', { name: 'Register' });
  return { ...utils, dialog };
}

describe('pattern messages', () => {
  it('exist for every pattern id in bn and en', () => {
    for (const messages of [enAuth.patterns, bnAuth.patterns] as Record<string, string>[]) {
      for (const id of patternIds) expect(messages[id], id).toBeTruthy();
    }
  });
});

describe('register form', () => {
  it('marks required fields with an asterisk and shows the rule message with min and max under the field', async () => {
    fakeServer({ 'GET /wps/system/countries': () => countries });
    const { dialog } = await openRegister();
    const username = within(dialog).getByLabelText('Username');
    expect(username).toHaveAttribute('placeholder', 'Username *');
    expect(within(dialog).getByLabelText('Invitation code')).toHaveAttribute(
      'placeholder',
      'Invitation code',
    );
    fireEvent.change(username, { target: { value: '1abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    const errorId = username.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)).toHaveTextContent(
      '6–16 characters: starts with a letter, then letters or digits',
    );
    // Only the first error per field: the empty password says "cannot be empty".
    const password = within(dialog).getByLabelText('Password');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'Input cannot be empty',
    );
    // The age box is unticked by default; the agreement is ticked.
    expect(within(dialog).getByText('Please confirm that you are at least 18 years old')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /user agreement/ })).toBeChecked();
  });

  it('uses one bound when min equals max', async () => {
    fakeServer({});
    const info = testSiteInfo({
      whitelabel: { MOBILENUMREG3: false },
      register: {
        fields: fieldRules({ paymentPassword: { ...fieldRules().paymentPassword, enabled: true } }),
      },
    });
    const { dialog } = await openRegister(info);
    const field = within(dialog).getByLabelText('Payment password');
    expect(field).toHaveAttribute('placeholder', 'Payment password *');
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('6 digits only')).toBeInTheDocument();
  });

  it('says "Incorrect confirmation input" under the confirmation', async () => {
    fakeServer({ 'GET /wps/system/countries': () => countries });
    const { dialog } = await openRegister();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'abc12345' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm password'), { target: { value: 'abc12346' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    const confirm = within(dialog).getByLabelText('Confirm password');
    await waitFor(() => expect(confirm).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(confirm.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'Incorrect confirmation input',
    );
  });

  it('hides disabled fields and shows enabled ones', async () => {
    fakeServer({});
    const fields = fieldRules({
      email: { ...fieldRules().email, enabled: true, required: true },
      affiliateCode: { ...fieldRules().affiliateCode, enabled: false },
      mobileNum: { ...fieldRules().mobileNum, enabled: false },
    });
    const info = testSiteInfo({ whitelabel: { MOBILENUMREG3: false }, register: { fields } });
    const { dialog } = await openRegister(info);
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('placeholder', 'Email *');
    expect(within(dialog).queryByLabelText('Invitation code')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Mobile number')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('WeChat')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Captcha')).not.toBeInTheDocument();
  });

  it('puts the server validation issues under their fields', async () => {
    const api = fakeServer({
      'GET /wps/system/countries': () => countries,
      'PUT /wps/member/register': () =>
        fail('VALIDATION_FAILED', 400, {
          issues: [
            {
              path: 'username',
              message: 'patterns.LETTER_FIRST_ALNUM',
              params: { min: 6, max: 16, range: '6-16' },
            },
          ],
        }),
    });
    const { dialog } = await openRegister();
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'player01' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'abc12345' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm password'), { target: { value: 'abc12345' } });
    fireEvent.change(within(dialog).getByLabelText('Mobile number'), { target: { value: '1712345678' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /at least 18/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(api.calls('PUT /wps/member/register')).toHaveLength(1);
    expect(
      within(dialog).getByText('6–16 characters: starts with a letter, then letters or digits'),
    ).toBeInTheDocument();
  });

  it('registers by mobile and shows the generated account number first', async () => {
    const api = fakeServer({
      'GET /wps/system/countries': () => countries,
      'PUT /wps/member/register/mobile': () => ({
        status: 'ok',
        token: 'tok-new',
        mustChangePassword: false,
        user: testUser({ account: '8801712345678', firstTimeLogin: true }),
      }),
      'GET /wps/member/info': () => fail('INTERNAL', 500),
    });
    const { dialog } = await openRegister();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Mobile number' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Country code' })).toHaveValue('+880'),
    );
    fireEvent.change(within(dialog).getByLabelText('Mobile number'), { target: { value: '1712345678' } });
    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'abc12345' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm password'), { target: { value: 'abc12345' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /at least 18/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    const account = await screen.findByRole('dialog', { name: 'Your account number' });
    expect(account).toHaveTextContent('8801712345678');
    const body = JSON.parse(String(api.calls('PUT /wps/member/register/mobile')[0]?.init?.body)) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      mobileNum: '1712345678',
      countryDialingCode: '880',
      verificationCode: '123456',
      login: true,
    });
    expect(sessionStorage.getItem('token')).toBe('tok-new');
    fireEvent.click(within(account).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Registration successful' })).toBeInTheDocument();
  });

  it('shows the invitation code warning when the URL code fails its check', async () => {
    fakeServer({
      'GET /wps/system/countries': () => countries,
      'GET /wps/agent/affiliate': () => ({ valid: false }),
    });
    renderAuth(null, { route: '/register?affiliateCode=BAD1' });
    act(() => showModal({ kind: 'register' }));
    const warning = await screen.findByRole('dialog', { name: 'Notice' });
    expect(warning).toHaveTextContent('Invalid invitation code');
    const register = screen.getByRole('dialog', { name: 'Register' });
    expect(within(register).getByLabelText('Invitation code')).toBeInTheDocument();
  });
});

describe('SMS code', () => {
  it('validates the number, counts down 60 s per minute and blocks sends meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = fakeServer({
      'GET /wps/system/countries': () => countries,
      'POST /wps/verification/sms/register': () => ({ expiredMinutes: 2 }),
    });
    const { dialog } = await openRegister();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Mobile number' }));
    const send = within(dialog).getByRole('button', { name: 'Send code' });
    fireEvent.click(send);
    expect(await within(dialog).findByText('Input cannot be empty')).toBeInTheDocument();
    expect(api.calls('POST /wps/verification/sms/register')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Mobile number'), { target: { value: '1712345678' } });
    fireEvent.click(send);
    await waitFor(() => expect(send).toHaveTextContent('Resend in 120 s'));
    expect(send).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(send).toHaveTextContent('Resend in 119 s');
    fireEvent.click(send);
    expect(api.calls('POST /wps/verification/sms/register')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(119_000));
    await waitFor(() => expect(send).toHaveTextContent('Send code'));
    expect(send).toBeEnabled();
  });

  it('throttles sends to one a second and shows the failure in a dialog', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = fakeServer({
      'GET /wps/system/countries': () => countries,
      'POST /wps/verification/sms/register': () => fail('INTERNAL', 500),
    });
    const { dialog } = await openRegister();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Mobile number' }));
    fireEvent.change(within(dialog).getByLabelText('Mobile number'), { target: { value: '1712345678' } });
    const send = within(dialog).getByRole('button', { name: 'Send code' });
    fireEvent.click(send);
    const failure = await screen.findByRole('dialog', { name: 'Code not sent' });
    expect(failure).toHaveTextContent('Something went wrong on our side');
    fireEvent.click(within(failure).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(send).toBeEnabled());
    fireEvent.click(send);
    expect(api.calls('POST /wps/verification/sms/register')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(send);
    await waitFor(() => expect(api.calls('POST /wps/verification/sms/register')).toHaveLength(2));
  });

  it('restarts the countdown from secondsLeft on SMS_COOLDOWN', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    fakeServer({
      'GET /wps/system/countries': () => countries,
      'POST /wps/verification/sms/register': () =>
        fail('SMS_COOLDOWN', 429, { details: { secondsLeft: 42 } }),
    });
    const { dialog } = await openRegister();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Mobile number' }));
    fireEvent.change(within(dialog).getByLabelText('Mobile number'), { target: { value: '1712345678' } });
    const send = within(dialog).getByRole('button', { name: 'Send code' });
    fireEvent.click(send);
    await waitFor(() => expect(send).toHaveTextContent('Resend in 42 s'));
  });
});

describe('captcha', () => {
  it('shows the image and refreshes at most once a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let served = 0;
    const api = fakeServer({
      'GET /wps/system/countries': () => countries,
      'GET /wps/captcha': () => captchaAnswer(++served),
    });
    const { dialog } = await openRegister(testSiteInfo({ register: { captchaEnabled: true } }));
    const image = await within(dialog).findByRole('img', { name: 'Captcha image' });
    expect(image).toHaveAttribute('src', 'data:image/png;base64,IMG1');
    const refresh = within(dialog).getByRole('button', { name: 'New captcha' });
    vi.advanceTimersByTime(CAPTCHA_REFRESH_MS);
    fireEvent.click(refresh);
    await waitFor(() => expect(image).toHaveAttribute('src', 'data:image/png;base64,IMG2'));
    fireEvent.click(refresh);
    fireEvent.click(image);
    expect(api.calls('GET /wps/captcha')).toHaveLength(2);
    vi.advanceTimersByTime(CAPTCHA_REFRESH_MS);
    fireEvent.click(image);
    await waitFor(() => expect(api.calls('GET /wps/captcha')).toHaveLength(3));
  });
});

describe('login', () => {
  async function openLogin(info = testSiteInfo()) {
    const utils = renderAuth(null, { info, route: '/promotions' });
    act(() => showModal({ kind: 'login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    return { ...utils, dialog };
  }

  it('shows a captcha after a failed login that asks for one', async () => {
    const api = fakeServer({
      'POST /wps/session/login': () =>
        fail('INVALID_CREDENTIALS', 401, { details: { captchaRequired: true } }),
      'GET /wps/captcha': () => captchaAnswer(1),
    });
    const { dialog } = await openLogin();
    expect(within(dialog).queryByLabelText('Captcha')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: ' player01 ' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Account or password is incorrect.');
    expect(await within(dialog).findByLabelText('Captcha')).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'Captcha image' })).toBeInTheDocument();
    const body = JSON.parse(String(api.calls('POST /wps/session/login')[0]?.init?.body)) as Record<
      string,
      unknown
    >;
    expect(body.username).toBe('player01');
  });

  it('requires username and password', async () => {
    const api = fakeServer({});
    const { dialog } = await openLogin();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findAllByText('Input cannot be empty')).toHaveLength(2);
    expect(api.calls('POST /wps/session/login')).toHaveLength(0);
  });

  it('logs in, keeps the token, remembers only the username, and goes home', async () => {
    fakeServer({
      'POST /wps/session/login': () => ({
        status: 'ok',
        token: 'tok-9',
        mustChangePassword: false,
        user: testUser(),
      }),
      'GET /wps/member/info': () => fail('INTERNAL', 500),
    });
    const { dialog } = await openLogin();
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'player01' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBe('tok-9'));
    expect(document.cookie).toContain('rememberUsername=player01');
    expect(document.cookie).not.toContain('secret123');
    // The navigation renders after the session is stored: wait for it rather than race it.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument());
  });

  it('opens the change-password dialog without the old password field when a change is required', async () => {
    fakeServer({
      'POST /wps/session/login': () => ({
        status: 'ok',
        token: 'tok',
        mustChangePassword: true,
        user: testUser(),
      }),
    });
    const { dialog } = await openLogin();
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'player01' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'default1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const change = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(change).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(within(change).getByLabelText('New password')).toBeInTheDocument();
  });

  it('asks for the new-address verification', async () => {
    fakeServer({
      'POST /wps/session/login': () => ({
        status: 'verify',
        challengeId: 'ch1',
        methods: ['mobile', 'totp'],
        maskedMobile: '88017****678',
        maskedEmail: null,
      }),
    });
    const { dialog } = await openLogin();
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'player01' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText(/88017\*\*\*\*678/)).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Authenticator code' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });
});

describe('change password', () => {
  it('puts the mismatch under the confirmation (checkPass)', async () => {
    fakeServer({});
    renderAuth(null);
    act(() => showModal({ kind: 'changePassword', options: {} }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'old12345' } });
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'new12345' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm new password'), {
      target: { value: 'new12346' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    const confirm = within(dialog).getByLabelText('Confirm new password');
    await waitFor(() => expect(confirm).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Incorrect confirmation input')).toBeInTheDocument();
  });
});

describe('forgot password', () => {
  it('sends the email request form-encoded', async () => {
    const api = fakeServer({ 'POST /wps/member/password/email': () => ({}) });
    renderAuth(null);
    act(() => showModal({ kind: 'forgotPassword' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'player01' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'p@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('reset link');
    const body = api.calls('POST /wps/member/password/email')[0]?.init?.body;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(String(body)).toBe('username=player01&email=p%40example.com');
  });

  async function openForgot() {
    const utils = renderAuth(null);
    utils.i18n.addResourceBundle('bn', 'auth', bnAuth);
    utils.i18n.addResourceBundle('bn', 'common', bnCommon);
    act(() => showModal({ kind: 'forgotPassword' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    const send = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    return { ...utils, dialog, send };
  }
  const errorOf = (input: HTMLElement) =>
    document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

  it('says under each field that an empty username and email or a malformed email will not do, in en and bn', async () => {
    const api = fakeServer({ 'POST /wps/member/password/email': () => ({}) });
    const { dialog, send, i18n } = await openForgot();
    const username = within(dialog).getByLabelText('Username');
    const email = within(dialog).getByLabelText('Email');
    send();
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(errorOf(username)).toBe('Input cannot be empty');
    expect(errorOf(email)).toBe('Input cannot be empty');
    fireEvent.change(username, { target: { value: 'player01' } });
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    send();
    await waitFor(() => expect(errorOf(email)).toBe('Please enter a valid email address (5–100 characters)'));
    await act(() => i18n.changeLanguage('bn'));
    expect(errorOf(email)).toMatch(/^অনুগ্রহ করে একটি সঠিক ইমেইল ঠিকানা দিন/);
    expect(api.calls('POST /wps/member/password/email')).toHaveLength(0);
  });

  it("puts the server's field issues under their fields (400 VALIDATION_FAILED), in en and bn", async () => {
    const api = fakeServer({
      'POST /wps/member/password/email': () =>
        fail('VALIDATION_FAILED', 400, {
          issues: [
            { path: 'email', message: 'patterns.EMAIL', params: { min: 5, max: 100, range: '5-100' } },
          ],
        }),
    });
    const { dialog, send, i18n } = await openForgot();
    const email = within(dialog).getByLabelText('Email');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'player01' } });
    fireEvent.change(email, { target: { value: 'p@example.com' } });
    send();
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls('POST /wps/member/password/email')).toHaveLength(1);
    expect(errorOf(email)).toBe('Please enter a valid email address (5–100 characters)');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('bn'));
    expect(errorOf(email)).toMatch(/^অনুগ্রহ করে একটি সঠিক ইমেইল ঠিকানা দিন/);
  });
});
