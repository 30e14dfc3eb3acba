import { pickText, type PlatformMessage } from '@platform/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PagedRecords } from '@/components';
import { useErrorText } from '@/lib/error-text';
import { useMessages } from '../api/get-messages';
import { useDeleteMessage, useReadAllMessages, useReadMessage } from '../api/update-messages';
import '../components/messaging.css';
import { formatDateTime } from '@/lib/dates';

export const MESSAGES_PAGE_SIZE = 10;

/** One message: its title opens the body (and marks it read); text only, never HTML. */
function MessageItem({ message }: { message: PlatformMessage }) {
  const { t, i18n } = useTranslation('messaging');
  const [open, setOpen] = useState(false);
  const read = useReadMessage();
  const remove = useDeleteMessage();
  const bodyId = `message-body-${message.id}`;
  const toggle = () => {
    setOpen((was) => !was);
    if (!message.read && !read.isPending) read.mutate(message.id);
  };
  return (
    <li className={`message-item${message.read ? '' : ' message-item--unread'}`}>
      <button
        type="button"
        className="message-item__head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={toggle}
      >
        {!message.read && <span className="message-item__dot" aria-label={t('messages.unreadMark')} />}
        <span className="message-item__title">{pickText(message.title, i18n.language)}</span>
        <span className="message-item__meta">
          {t(`messages.kind.${message.kind}`)} · {formatDateTime(message.createdAt, i18n.language)}
        </span>
      </button>
      {open && (
        <div id={bodyId} className="message-item__body">
          <p>{pickText(message.body, i18n.language)}</p>
          <Button
            variant="secondary"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate(message.id)}
          >
            {t('messages.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** Platform information (messageV2): the member's messages, paged, with read state and delete. */
export function MessagesPage() {
  const { t } = useTranslation('messaging');
  const errorText = useErrorText('messaging', 'errors.generic');
  const [pageNo, setPageNo] = useState(1);
  const messages = useMessages({ pageNo, pageSize: MESSAGES_PAGE_SIZE });
  const readAll = useReadAllMessages();
  const anyUnread = messages.data?.list.some((message) => !message.read) ?? false;
  return (
    <div className="member-page messages-page">
      {anyUnread && (
        <div className="messages-page__actions">
          <Button variant="secondary" size="sm" disabled={readAll.isPending} onClick={() => readAll.mutate()}>
            {t('messages.readAll')}
          </Button>
        </div>
      )}
      <PagedRecords
        query={messages}
        page={pageNo}
        onPageChange={setPageNo}
        loadingLabel={t('messages.loading')}
        errorText={errorText}
        empty={{ title: t('messages.empty'), hint: t('messages.emptyHint') }}
      >
        {(list) => (
          <ul className="message-list" aria-label={t('messages.list')}>
            {list.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </ul>
        )}
      </PagedRecords>
    </div>
  );
}
