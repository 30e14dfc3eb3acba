import type { OutboxMessage } from '@platform/contract/client';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { Empty, ErrorState, Spinner } from '@/components';
import { isOutboxOff, OUTBOX_REFRESH_MS, useOutbox } from '../api/get-outbox';
import './outbox-page.css';
import { formatInstant } from '@/lib/dates';

/** The filter asks the server once typing pauses, not on every key. */
const FILTER_DEBOUNCE_MS = 400;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The development outbox (/dev/outbox): every SMS and email the server would have sent, newest first,
 * refreshed every 3 s. A developer (or a browser test) reads SMS codes here.
 */
export function DevOutboxPage() {
  const { t } = useTranslation('dev');
  const filterId = useId();
  const [recipient, setRecipient] = useState('');
  const to = useDebounced(recipient.trim(), FILTER_DEBOUNCE_MS);
  const outbox = useOutbox(to);

  let content;
  if (outbox.isError && isOutboxOff(outbox.error)) {
    content = <Empty title={t('outbox.off')} hint={t('outbox.offHint')} />;
  } else if (outbox.isError && !outbox.data) {
    content = (
      <ErrorState
        message={errorText(t, outbox.error, 'dev', 'outbox.loadFailed')}
        onRetry={() => void outbox.refetch()}
      />
    );
  } else if (!outbox.data) {
    content = <Spinner label={t('outbox.loading')} />;
  } else if (outbox.data.length === 0) {
    content = <Empty title={to ? t('outbox.noneFor', { to }) : t('outbox.none')} />;
  } else {
    content = (
      <ol className="dev-outbox__list" aria-label={t('outbox.listLabel')}>
        {outbox.data.map((message) => (
          <OutboxItem key={message.id} message={message} />
        ))}
      </ol>
    );
  }

  return (
    <div className="dev-outbox">
      <h1 className="dev-outbox__title">{t('outbox.title')}</h1>
      <p className="dev-outbox__lead">{t('outbox.lead', { seconds: OUTBOX_REFRESH_MS / 1000 })}</p>
      <div className="dev-outbox__filter">
        <label htmlFor={filterId}>{t('outbox.filter')}</label>
        <input
          id={filterId}
          type="search"
          value={recipient}
          placeholder={t('outbox.filterPlaceholder')}
          autoComplete="off"
          aria-describedby={`${filterId}-hint`}
          onChange={(event) => setRecipient(event.target.value)}
        />
        <p id={`${filterId}-hint`} className="dev-outbox__hint">
          {t('outbox.filterHint')}
        </p>
      </div>
      {content}
    </div>
  );
}

function OutboxItem({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation('dev');
  return (
    <li className="dev-outbox__item" data-channel={message.channel}>
      <dl className="dev-outbox__meta">
        <div>
          <dt>{t('outbox.to')}</dt>
          <dd className="dev-outbox__to">{message.to}</dd>
        </div>
        <div>
          <dt>{t('outbox.channel')}</dt>
          <dd>{t(`outbox.channels.${message.channel}`)}</dd>
        </div>
        <div>
          <dt>{t('outbox.time')}</dt>
          <dd>
            <time dateTime={message.createdAt}>
              {formatInstant(message.createdAt, i18n.language, 'dateTimeSeconds')}
            </time>
          </dd>
        </div>
        {message.subject ? (
          <div>
            <dt>{t('outbox.subject')}</dt>
            <dd>{message.subject}</dd>
          </div>
        ) : null}
      </dl>
      <pre className="dev-outbox__body">{message.body}</pre>
    </li>
  );
}
