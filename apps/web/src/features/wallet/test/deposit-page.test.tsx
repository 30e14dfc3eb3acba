import type { Channel, CreatedDeposit, Deposit, MemberInfo } from '@platform/contract/client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepositPage } from '../pages/deposit-page';
import { bodyOf, fail, fakeServer } from '@/test/fake-server';
import { logIn, page, renderWallet } from './wallet-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const channels: Channel[] = [
  {
    id: 'bank1',
    kind: 'bank_transfer',
    name: 'City Bank',
    names: { bn: 'সিটি ব্যাংক', en: 'City Bank' },
    minAmount: '100',
    maxAmount: '50000',
  },
  {
    id: 'gw1',
    kind: 'gateway',
    name: 'bKash',
    names: { bn: 'বিকাশ', en: 'bKash' },
    minAmount: '200',
    maxAmount: '25000',
  },
];

const deposit: Deposit = {
  id: 'd1',
  channelId: 'bank1',
  channelName: 'City Bank',
  channelNames: { bn: 'সিটি ব্যাংক', en: 'City Bank' },
  kind: 'bank_transfer',
  amount: '1000.00',
  status: 'pending',
  reference: 'DEP7K2Q9',
  hasProof: false,
  reason: null,
  createdAt: '2026-11-21T08:00:00.000Z',
  decidedAt: null,
  expiresAt: '2026-11-21T10:00:00.000Z',
};

const created: CreatedDeposit = {
  deposit,
  bankDetails: { bankName: 'City Bank PLC', accountName: 'Khela Ltd', accountNumber: '1234567890' },
  redirectUrl: null,
};

const props = { info: {} as MemberInfo, onNavigate: () => {} };

function setup(
  createHandler: () => CreatedDeposit | Response | Promise<CreatedDeposit | Response> = () => created,
) {
  logIn();
  const server = fakeServer({
    'GET /wps/cashier/channels': () => channels,
    'GET /wps/cashier/deposits': () => page([]),
    'POST /wps/cashier/deposits': createHandler,
    'POST /wps/cashier/deposits/:id/proof': () => ({ ...deposit, hasProof: true }),
  });
  const rendered = renderWallet(<DepositPage {...props} />);
  return { server, ...rendered };
}

async function chooseAndType(user: ReturnType<typeof setup>['user'], amount: string) {
  await user.click(await screen.findByRole('radio', { name: /City Bank/ }));
  const field = screen.getByRole('textbox', { name: 'Amount' });
  await user.clear(field);
  await user.type(field, amount);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('deposit', () => {
  it.each([
    ['-5', 'The amount must be more than zero.'],
    ['0', 'The amount must be more than zero.'],
    ['100.123', 'Use at most 2 decimal places.'],
    ['50000.01', 'The maximum is ৳50,000.00.'],
    ['99', 'The minimum is ৳100.00.'],
  ])('refuses %s before sending anything', async (amount, message) => {
    const { user, server } = setup();
    await chooseAndType(user, amount);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('POST /wps/cashier/deposits')).toHaveLength(0);
  });

  it('shows channel cards with limits and asks for confirmation before the POST', async () => {
    const { user, server } = setup();
    expect(
      await screen.findByRole('radio', { name: /bKash.*Min ৳200\.00 · Max ৳25,000\.00/ }),
    ).toBeInTheDocument();
    await chooseAndType(user, '1000');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deposit' });
    expect(dialog).toHaveTextContent('Deposit ৳1,000.00 via City Bank?');
    expect(server.calls('POST /wps/cashier/deposits')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }));
    await screen.findByRole('heading', { name: 'Deposit created' });
    const posts = server.calls('POST /wps/cashier/deposits');
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0]!)).toMatchObject({ channelId: 'bank1', amount: '1000.00' });
    expect(String(bodyOf(posts[0]!).requestId)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("names each channel in the page's language", async () => {
    const { i18n } = setup();
    expect(await screen.findByRole('radio', { name: /City Bank/ })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('bn'));
    expect(await screen.findByRole('radio', { name: /সিটি ব্যাংক/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /বিকাশ/ })).toBeInTheDocument();
  });

  it('reuses the same requestId when the member retries after a network error', async () => {
    let calls = 0;
    const { user, server } = setup(() => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return created;
    });
    await chooseAndType(user, '1000');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deposit' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Trying again is safe');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }));
    await screen.findByRole('heading', { name: 'Deposit created' });
    const posts = server.calls('POST /wps/cashier/deposits');
    expect(posts).toHaveLength(2);
    expect(bodyOf(posts[0]!).requestId).toBe(bodyOf(posts[1]!).requestId);
  });

  it('shows bank details and the reference with copy buttons, and refuses a proof over 5 MB', async () => {
    const { user, server } = setup();
    await chooseAndType(user, '1000');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm deposit' }),
    );
    await screen.findByRole('heading', { name: 'Deposit created' });
    expect(screen.getByRole('textbox', { name: 'Bank name' })).toHaveValue('City Bank PLC');
    expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('Khela Ltd');
    expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveValue('1234567890');
    expect(screen.getByRole('textbox', { name: 'Reference' })).toHaveValue('DEP7K2Q9');
    for (const label of ['Bank name', 'Account name', 'Account number', 'Reference']) {
      expect(screen.getByRole('button', { name: `Copy ${label}` })).toBeInTheDocument();
    }

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'receipt.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Transfer receipt (optional)'), big);
    expect(
      await screen.findByText('The image is larger than 5 MB. Please choose a smaller one.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload proof' }));
    expect(server.calls('POST /wps/cashier/deposits/:id/proof')).toHaveLength(0);

    const small = new File(['png'], 'receipt.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Transfer receipt (optional)'), small);
    await user.click(screen.getByRole('button', { name: 'Upload proof' }));
    expect(await screen.findByText('Proof received. Thank you.')).toBeInTheDocument();
    const upload = server.calls('POST /wps/cashier/deposits/:id/proof')[0]!;
    expect((upload.body as FormData).get('proof')).toBeInstanceOf(File);
  });

  it('sends the member to the gateway page', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
      href: 'http://localhost/',
    });
    const { user } = setup(() => ({
      deposit: { ...deposit, kind: 'gateway' as const },
      bankDetails: null,
      redirectUrl: 'https://pay.example.com/p/1',
    }));
    await user.click(await screen.findByRole('radio', { name: /bKash/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '500' } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm deposit' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.com/p/1'));
  });

  it('shows the latest deposit status and the records with status chips', async () => {
    logIn();
    fakeServer({
      'GET /wps/cashier/channels': () => channels,
      'GET /wps/cashier/deposits': () => page([{ ...deposit, status: 'credited' }]),
    });
    const { user } = renderWallet(<DepositPage {...props} />);
    const latest = await screen.findByRole('region', { name: 'Latest deposit' });
    expect(latest).toHaveTextContent('৳1,000.00 via City Bank');
    expect(latest).toHaveTextContent('Credited');
    await user.click(screen.getByRole('tab', { name: 'Deposit records' }));
    const table = await screen.findByRole('table', { name: 'Deposit records' });
    expect(within(table).getByText('Credited')).toBeInTheDocument();
    expect(within(table).getByText('DEP7K2Q9')).toBeInTheDocument();
  });

  it('shows a trial account the real-account notice instead of the form', async () => {
    logIn(4);
    const server = fakeServer({});
    renderWallet(<DepositPage {...props} />);
    expect(screen.getByRole('note')).toHaveTextContent('need a real account');
    expect(server.calls('GET /wps/cashier/channels')).toHaveLength(0);
  });

  it('keeps the server error for a refused amount under the field', async () => {
    const { user } = setup(() =>
      fail('AMOUNT_OUT_OF_RANGE', 400, { details: { minAmount: '500.00', maxAmount: '20000.00' } }),
    );
    await chooseAndType(user, '1000');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm deposit' }),
    );
    expect(await screen.findByText('The amount must be between ৳500.00 and ৳20,000.00.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('1000');
  });
});
