import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedRecords } from '@/components';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/dates';
import { useAgentAnnouncements } from '../api/get-announcements';

const PAGE_SIZE = 10;

/** Announcement: the operator's notices for agents (never in the site's public list), newest first. */
export function AnnouncementPage() {
  const { t, i18n } = useTranslation('agent');
  const errorText = useErrorText('agent', 'errors.generic');
  const [pageNo, setPageNo] = useState(1);
  const announcements = useAgentAnnouncements({ pageNo, pageSize: PAGE_SIZE });
  return (
    <div className="agent-page agent-page--wide">
      <PagedRecords
        query={announcements}
        page={pageNo}
        onPageChange={setPageNo}
        loadingLabel={t('centre.loading')}
        errorText={errorText}
        empty={{ title: t('announcements.empty'), hint: t('announcements.emptyHint') }}
      >
        {(list) => (
          <ul
            className="agent-announcements"
            aria-label={t('announcements.list')}
            aria-busy={announcements.isFetching || undefined}
          >
            {list.map((row, index) => (
              // The newest one opens by itself: most visits are to read what just came.
              <li key={row.id} className="agent-card">
                <details open={pageNo === 1 && index === 0}>
                  <summary className="agent-announcements__summary">
                    <strong>{row.title}</strong>
                    <time className="agent-muted" dateTime={row.timestamp}>
                      {formatDateTime(row.timestamp, i18n.language)}
                    </time>
                  </summary>
                  <p className="agent-announcements__body">{row.content}</p>
                </details>
              </li>
            ))}
          </ul>
        )}
      </PagedRecords>
    </div>
  );
}
