import type { ChatMessage, ChatRoom } from '@platform/contract/client';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { logIn, renderFeature } from '@/test/feature-test-utils';
import { chatTextParts, ChatText } from './components/chat-text';
import { ChatPage } from './pages/chat-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('chat text', () => {
  it('finds http(s) links and mentions, leaves the rest as text', () => {
    expect(chatTextParts('see https://example.com/a, @Bob and javascript:alert(1)')).toEqual([
      { kind: 'text', value: 'see ' },
      { kind: 'link', value: 'https://example.com/a' },
      { kind: 'text', value: ', ' },
      { kind: 'mention', value: '@Bob' },
      { kind: 'text', value: ' and javascript:alert(1)' },
    ]);
  });

  it('renders HTML from a member as text, never as markup', () => {
    const { container } = renderFeature(
      <ChatText text={'<img src=x onerror=alert(1)><b>hi</b> https://a.example'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)><b>hi</b>');
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://a.example');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });
});

const room = (code: string, unReadCount = 0): ChatRoom => ({
  code,
  name: { bn: code, en: code === 'lobby' ? 'Lobby' : code },
  language: null,
  minRankLevel: 0,
  unReadCount,
});
const line = (id: string, text: string): ChatMessage => ({
  id,
  room: 'lobby',
  sender: 'Alice',
  senderId: 'mbr_alice',
  rankLevel: 1,
  text,
  sentAt: '2026-11-21T08:00:00.000Z',
});

describe('chat page', () => {
  it('asks a visitor to log in and calls nothing', () => {
    const server = fakeServer({});
    renderFeature(<ChatPage />, { route: '/chat' });
    expect(screen.getByText('Log in to chat')).toBeInTheDocument();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it("tells a trial account 'in_please_information' and calls nothing", () => {
    logIn(4);
    const server = fakeServer({});
    renderFeature(<ChatPage />, { route: '/chat' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete your account information');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('shows the rooms with unread counts, the history as text, and sends', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/chat/rooms': () => [room('lobby'), room('bn', 3)],
      'GET /wps/chat/rooms/:room/messages': () => ({ list: [line('1', '<b>bold</b> hello')] }),
      'POST /wps/chat/rooms/:room/read': () => ({ unReadCount: 3 }),
      'POST /wps/chat/rooms/:room/messages': (request) =>
        line('2', String((request.body as { text: string }).text)),
    });
    const { user } = renderFeature(<ChatPage />, { route: '/chat?title=Club%20chat' });
    expect(await screen.findByRole('heading', { name: 'Club chat' })).toBeInTheDocument();
    expect(await screen.findByText('<b>bold</b> hello')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'bn (3)' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('POST /wps/chat/rooms/:room/read')).toHaveLength(1));

    await user.type(
      await screen.findByRole('textbox', { name: 'Write a message' }, { timeout: 5_000 }),
      'hi all',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.calls('POST /wps/chat/rooms/:room/messages')).toHaveLength(1));
    expect(server.calls('POST /wps/chat/rooms/:room/messages')[0]?.body).toEqual({ text: 'hi all' });
  });
});
