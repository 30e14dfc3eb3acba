import type { PlatformMessage } from '@platform/contract/client';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import bnMessaging from '@/i18n/locales/bn/messaging.json';
import enMessaging from '@/i18n/locales/en/messaging.json';
import { fakeServer } from '@/test/fake-server';
import { logIn, renderFeature } from '@/test/feature-test-utils';
import { MessagesPage } from './pages/messages-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const message = (id: string, read: boolean, body = 'Your deposit was credited.'): PlatformMessage => ({
  id,
  kind: 'system',
  title: { bn: `শিরোনাম ${id}`, en: `Title ${id}` },
  body: { bn: body, en: body },
  createdAt: '2026-11-21T08:00:00.000Z',
  read,
});
const page = (list: PlatformMessage[]) => ({
  list,
  pageNo: 1,
  pageSize: 10,
  totalCount: list.length,
  totalPages: 1,
});

describe('platform messages page', () => {
  it('lists messages, opens one as text (never HTML) and marks it read', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/member/messages': () =>
        page([message('2', false, '<img src=x onerror=alert(1)> hi'), message('1', true)]),
      'POST /wps/member/messages/:id/read': () => ({ count: 0 }),
      'DELETE /wps/member/messages/:id': () => ({ count: 0 }),
      'POST /wps/member/messages/read-all': () => ({ count: 0 }),
    });
    const { user } = renderFeature(<MessagesPage />);
    const title = await screen.findByRole('button', { name: /Title 2/ });
    expect(title).toHaveAttribute('aria-expanded', 'false');
    await user.click(title);
    expect(screen.getByText('<img src=x onerror=alert(1)> hi')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    await waitFor(() => expect(server.calls('POST /wps/member/messages/:id/read')).toHaveLength(1));
    expect(server.calls('POST /wps/member/messages/:id/read')[0]?.params).toEqual({ id: '2' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.calls('DELETE /wps/member/messages/:id')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.calls('POST /wps/member/messages/read-all')).toHaveLength(1));
  });

  it('says so when there are no messages', async () => {
    logIn();
    fakeServer({ 'GET /wps/member/messages': () => page([]) });
    renderFeature(<MessagesPage />);
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });
});

describe('messaging translations', () => {
  it('has every English key in Bengali', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        typeof inner === 'object' && inner !== null
          ? keys(inner as object, `${prefix}${key}.`)
          : [`${prefix}${key}`],
      );
    expect(keys(bnMessaging).sort()).toEqual(keys(enMessaging).sort());
  });
});
