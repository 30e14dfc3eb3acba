import type { Announcement } from '@platform/contract/client';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { AnnouncementsModal } from './announcements-modal';

const all: Announcement[] = Array.from({ length: 20 }, (_, index) => ({
  id: `a${index + 1}`,
  type: 'PL',
  title: `Notice ${index + 1}`,
  content: `First paragraph of ${index + 1}.\n\n<b>Second</b> paragraph.`,
  timestamp: '2026-03-01T10:30:00Z',
}));

function serveAnnouncements() {
  return fakeServer({
    'GET /wps/announcements/v2': ({ url }) => {
      const pageNo = Number(url.searchParams.get('pageNo'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      return {
        list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
        pageNo,
        pageSize,
        totalCount: all.length,
        totalPages: Math.ceil(all.length / pageSize),
      };
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('AnnouncementsModal', () => {
  it('lists nine announcements a page and pages on', async () => {
    const server = serveAnnouncements();
    const { user } = renderWithProviders(<AnnouncementsModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    await within(dialog).findByText('Notice 1');
    expect(
      within(within(dialog).getAllByRole('list')[0] as HTMLElement).getAllByRole('listitem'),
    ).toHaveLength(9);
    expect(within(dialog).queryByText('Notice 10')).not.toBeInTheDocument();
    const firstQuery = server.calls('GET /wps/announcements/v2')[0]!.query;
    expect(firstQuery.get('pageSize')).toBe('9');
    expect(firstQuery.get('language')).toBe('en');
    expect(firstQuery.get('execution')).toBe('B');

    await user.click(within(dialog).getByRole('button', { name: 'Page 3' }));
    await within(dialog).findByText('Notice 19');
    expect(within(dialog).getByText('Notice 20')).toBeInTheDocument();
    expect(within(dialog).queryByText('Notice 18')).not.toBeInTheDocument();
  });

  it('opens an announcement, shows its text as plain paragraphs, and goes back', async () => {
    serveAnnouncements();
    const { user } = renderWithProviders(<AnnouncementsModal open onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: /Notice 2\b/ }));

    expect(screen.getByRole('heading', { name: 'Notice 2' })).toHaveFocus();
    expect(screen.getByText('First paragraph of 2.')).toBeInTheDocument();
    // Markup from the server is shown as text, never run as HTML.
    expect(screen.getByText('<b>Second</b> paragraph.')).toBeInTheDocument();
    expect(screen.getByText(/2026/, { selector: 'time' })).toHaveAttribute(
      'datetime',
      '2026-03-01T10:30:00Z',
    );

    await user.click(screen.getByRole('button', { name: /Back to announcements/ }));
    expect(await screen.findByRole('button', { name: /Notice 2\b/ })).toHaveFocus();
  });

  it('shows an empty state and an error state with retry', async () => {
    fakeServer({
      'GET /wps/announcements/v2': () => ({ list: [], pageNo: 1, pageSize: 9, totalCount: 0, totalPages: 0 }),
    });
    const { unmount } = renderWithProviders(<AnnouncementsModal open onClose={() => undefined} />);
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
    unmount();

    let failing = true;
    fakeServer({
      'GET /wps/announcements/v2': () =>
        failing
          ? fail('INTERNAL', 500)
          : { list: all.slice(0, 1), pageNo: 1, pageSize: 9, totalCount: 1, totalPages: 1 },
    });
    const { user } = renderWithProviders(<AnnouncementsModal open onClose={() => undefined} />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Notice 1')).toBeInTheDocument();
  });

  it('does not fetch while closed', () => {
    const server = serveAnnouncements();
    renderWithProviders(<AnnouncementsModal open={false} onClose={() => undefined} />);
    expect(server.fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
