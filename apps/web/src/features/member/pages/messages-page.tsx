import { useTranslation } from 'react-i18next';
import { Empty } from '@/components';
import { useUnreadCount } from '../api/get-unread-count';

/** Platform information: the unread count now; the messages themselves arrive with the messaging issue. */
export function MessagesPage() {
  const { t } = useTranslation('member');
  const unread = useUnreadCount();
  return (
    <div className="member-page">
      <p className="member-page__lead" role="status">
        {unread.data === undefined
          ? t('messages.unreadUnknown')
          : t('messages.unread', { count: unread.data })}
      </p>
      <Empty title={t('messages.empty')} hint={t('messages.emptyHint')} />
    </div>
  );
}
