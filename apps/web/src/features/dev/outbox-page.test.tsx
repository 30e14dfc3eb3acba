import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import bnDev from '@/i18n/locales/bn/dev.json';
import enDev from '@/i18n/locales/en/dev.json';
import { DevOutboxPage } from './pages/outbox-page';
import { fail, fakeServer } from '@/test/fake-server';
import { renderDev } from './test-utils';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const message = (
  id: string,
  to: string,
  body: string,
  createdAt: string,
  channel: 'sms' | 'email' = 'sms',
) => ({
  id,
  channel,
  to,
  subject: channel === 'email' ? 'Reset your password' : null,
  body,
  createdAt,
});

describe('development outbox', () => {
  it('lists the messages newest first with recipient, channel, subject and body', async () => {
    fakeServer({
      'GET /wps/dev/outbox': () => [
        message('1', '+8801711111111', 'Your code is 111111', '2026-11-20T08:00:00.000Z'),
        message('2', 'rahim@example.com', 'Open this link', '2026-11-20T09:00:00.000Z', 'email'),
      ],
    });
    renderDev(<DevOutboxPage />);
    const list = await screen.findByRole('list', { name: 'Sent messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('rahim@example.com');
    expect(items[0]).toHaveTextContent('Email');
    expect(items[0]).toHaveTextContent('Reset your password');
    expect(items[1]).toHaveTextContent('+8801711111111');
    expect(items[1]).toHaveTextContent('SMS');
    expect(items[1]).toHaveTextContent('Your code is 111111');
  });

  it('filters by recipient through the call and refreshes every 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({
      'GET /wps/dev/outbox': ({ query }) =>
        query.get('to') === '+8801722222222'
          ? [message('3', '+8801722222222', 'Your code is 222222', '2026-11-20T10:00:00.000Z')]
          : [],
    });
    renderDev(<DevOutboxPage />);
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Recipient'), '+8801722222222');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('Your code is 222222')).toBeInTheDocument();

    const before = server.fetch.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(server.fetch.mock.calls.length).toBeGreaterThan(before);
  });

  it('says plainly when the outbox is turned off (404) and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({ 'GET /wps/dev/outbox': () => fail('NOT_FOUND', 404) });
    renderDev(<DevOutboxPage />);
    expect(await screen.findByText('The development outbox is turned off')).toBeInTheDocument();
    const calls = server.fetch.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.fetch.mock.calls.length).toBe(calls);
  });

  it('has the same translation keys in Bengali and English', () => {
    const keysOf = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
        : [prefix.slice(0, -1)];
    expect(keysOf(bnDev).sort()).toEqual(keysOf(enDev).sort());
  });
});
