import type { Announcement } from '@platform/contract/client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, ErrorState, Modal, Pagination, Spinner } from '@/components';
import { useAnnouncements } from '../api/get-announcements';
import { formatDateTime } from '@/lib/dates';
import { paragraphs } from '../lib/paragraphs';
import { useErrorText } from '@/lib/error-text';
import './announcements-modal.css';

export interface AnnouncementsModalProps {
  open: boolean;
  onClose(): void;
}

function AnnouncementDetail({ announcement, onBack }: { announcement: Announcement; onBack(): void }) {
  const { t, i18n } = useTranslation('content');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Screen-reader and keyboard users land on what they opened, not on the back button.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <article className="content-announcement">
      <Button variant="ghost" size="sm" onClick={onBack}>
        <span aria-hidden="true">‹ </span>
        {t('announcements.back')}
      </Button>
      <h3 ref={headingRef} tabIndex={-1} className="content-announcement__title">
        {announcement.title}
      </h3>
      <time className="content-announcement__time" dateTime={announcement.timestamp}>
        {formatDateTime(announcement.timestamp, i18n.language)}
      </time>
      <div className="content-announcement__body">
        {paragraphs(announcement.content).map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </div>
    </article>
  );
}

/** Announcements in pages of 9 (SPEC section 9); an item opens its full text. */
export function AnnouncementsModal({ open, onClose }: AnnouncementsModalProps) {
  const { t, i18n } = useTranslation('content');
  const errorMessage = useErrorText('content', 'states.loadFailed');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Announcement | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts again at the first page of the list.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setPage(1);
      setSelected(null);
    }
  }
  const query = useAnnouncements({ pageNo: page }, { enabled: open });
  const lastOpenedRef = useRef<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    // Back from a detail returns focus to the item that was opened.
    if (selected || !lastOpenedRef.current || !listRef.current) return;
    listRef.current
      .querySelector<HTMLButtonElement>(`[data-id="${CSS.escape(lastOpenedRef.current)}"]`)
      ?.focus();
  }, [selected]);

  let body;
  if (selected) {
    body = <AnnouncementDetail announcement={selected} onBack={() => setSelected(null)} />;
  } else if (query.isPending) {
    body = <Spinner label={t('states.loading')} />;
  } else if (query.isError) {
    body = <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  } else if (query.data.list.length === 0) {
    body = <Empty title={t('announcements.empty')} />;
  } else {
    body = (
      <>
        <ul ref={listRef} className="content-announcements" aria-busy={query.isPlaceholderData || undefined}>
          {query.data.list.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="content-announcements__item"
                data-id={item.id}
                onClick={() => {
                  lastOpenedRef.current = item.id;
                  setSelected(item);
                }}
              >
                <span className="content-announcements__type">{t(`announcements.types.${item.type}`)}</span>{' '}
                <span className="content-announcements__title">{item.title}</span>{' '}
                <time className="content-announcements__time" dateTime={item.timestamp}>
                  {formatDateTime(item.timestamp, i18n.language)}
                </time>
              </button>
            </li>
          ))}
        </ul>
        <Pagination pageCount={query.data.totalPages} page={page} onChange={setPage} />
      </>
    );
  }

  return (
    <Modal open={open} onClose={onClose} title={t('announcements.title')}>
      {body}
    </Modal>
  );
}
