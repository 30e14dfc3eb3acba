import type { BannerGroup } from '@platform/contract/client';
import { Suspense, useState } from 'react';
import { lazyNamed } from '@/lib/lazy';

// Content pieces come from the content feature in their own chunk, so the carousel and QR libraries
// never weigh on the first load.
const BannerCarousel = lazyNamed(() => import('@/features/content'), 'BannerCarousel');
const AnnouncementsModal = lazyNamed(() => import('@/features/content'), 'AnnouncementsModal');
const AppDownloadModal = lazyNamed(() => import('@/features/content'), 'AppDownloadModal');
const MessagesPlaceholderModal = lazyNamed(
  () => import('./messages-placeholder-modal'),
  'MessagesPlaceholderModal',
);

/** The banner view: reserves the strip's height while the chunk loads, so the page does not jump. */
export function BannerSlot({ group }: { group: BannerGroup }) {
  return (
    <div className="shell__banner" data-group={group}>
      <Suspense fallback={<div className="shell__banner-placeholder" aria-hidden="true" />}>
        <BannerCarousel group={group} />
      </Suspense>
    </div>
  );
}

export type ShellModal = 'announcements' | 'appDownload' | 'messages';

/**
 * The shell's modals. Each mounts on first open (fetching its chunk then) and stays mounted, so its
 * closing fade can play.
 */
export function ShellModals({ open, onClose }: { open: ShellModal | null; onClose(): void }) {
  const [used, setUsed] = useState<ReadonlySet<ShellModal>>(() => new Set());
  if (open && !used.has(open)) setUsed(new Set(used).add(open));
  return (
    <Suspense fallback={null}>
      {used.has('announcements') ? (
        <AnnouncementsModal open={open === 'announcements'} onClose={onClose} />
      ) : null}
      {used.has('appDownload') ? <AppDownloadModal open={open === 'appDownload'} onClose={onClose} /> : null}
      {used.has('messages') ? (
        <MessagesPlaceholderModal open={open === 'messages'} onClose={onClose} />
      ) : null}
    </Suspense>
  );
}
