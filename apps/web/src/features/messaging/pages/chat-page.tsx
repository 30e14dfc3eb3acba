import { pickText, type ChatMessage } from '@platform/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, Empty, ErrorState, Spinner, Tabs } from '@/components';
import { useAuthModals, useSession } from '@/features/auth';
import { useErrorText } from '@/lib/error-text';
import { lazyNamed } from '@/lib/lazy';
import { subscribeRealtime, subscribeTopic } from '@/lib/realtime';
import { useChatHistory, useChatRooms, useMarkChatRead } from '../api/chat';
import { messagingKeys } from '../api/messaging-keys';
import { ChatText } from '../components/chat-text';
import '../components/messaging.css';
import { formatInstant } from '@/lib/dates';

const ChatForm = lazyNamed(() => import('../forms/chat-form'), 'ChatForm');

/** A room: its history, then every message pushed while it is open; the newest marks it read. */
function ChatRoomView({ room }: { room: string }) {
  const { t, i18n } = useTranslation('messaging');
  const errorText = useErrorText('messaging', 'errors.generic');
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const history = useChatHistory(room);
  const markRead = useMarkChatRead();
  const logRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!token) return;
    const key = messagingKeys.chatHistory(token, room);
    const stopTopic = subscribeTopic(token, `chat:${room}`);
    const stopMessages = subscribeRealtime(token, 'chat.message', (push) => {
      if (push.room !== room) return;
      queryClient.setQueryData<{ list: ChatMessage[] }>(key, (old) =>
        old && !old.list.some((message) => message.id === push.message.id)
          ? { list: [...old.list, push.message].slice(-200) }
          : old,
      );
    });
    const stopDeleted = subscribeRealtime(token, 'chat.deleted', (push) => {
      if (push.room !== room) return;
      queryClient.setQueryData<{ list: ChatMessage[] }>(key, (old) =>
        old ? { list: old.list.filter((message) => message.id !== push.id) } : old,
      );
    });
    const stopResync = subscribeRealtime(
      token,
      'resync',
      () => void queryClient.invalidateQueries({ queryKey: key }),
    );
    return () => {
      stopTopic();
      stopMessages();
      stopDeleted();
      stopResync();
    };
  }, [queryClient, room, token]);

  const newest = history.data?.list.at(-1)?.id;
  const { mutate: read } = markRead;
  useEffect(() => {
    if (newest) read({ room, lastId: newest });
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newest, read, room]);

  if (history.isError)
    return <ErrorState message={errorText(history.error)} onRetry={() => void history.refetch()} />;
  if (!history.data) return <Spinner label={t('chat.loading')} />;
  return (
    <div className="chat-room">
      {history.data.list.length === 0 ? (
        <Empty title={t('chat.empty')} hint={t('chat.emptyHint')} />
      ) : (
        <ol className="chat-log" ref={logRef} role="log" aria-live="polite" aria-label={t('chat.log')}>
          {history.data.list.map((message) => (
            <li
              key={message.id}
              className={`chat-line${message.senderId === user?.id ? ' chat-line--own' : ''}`}
            >
              <span className="chat-line__who">{message.sender}</span>
              <time className="chat-line__time" dateTime={message.sentAt}>
                {formatInstant(message.sentAt, i18n.language, 'clock')}
              </time>
              <p className="chat-line__text">
                <ChatText text={message.text} />
              </p>
            </li>
          ))}
        </ol>
      )}
      <Suspense fallback={<Spinner label={t('chat.loading')} />}>
        <ChatForm room={room} onSent={(id) => read({ room, lastId: id })} />
      </Suspense>
    </div>
  );
}

/**
 * The chat room (/chat; SPEC sections 4, 5 and 8): only for a logged-in real account. A visitor gets
 * the login modal, a trial account 'in_please_information'. `?room=` picks the room, and the chat URL
 * call's `title` and `headerColor` dress the page.
 */
export function ChatPage() {
  const { t, i18n } = useTranslation('messaging');
  const errorText = useErrorText('messaging', 'errors.generic');
  const session = useSession();
  const { openLogin } = useAuthModals();
  const [search, setSearch] = useSearchParams();
  const allowed = session.isLoggedIn && !session.isTrial;
  const rooms = useChatRooms(allowed);
  const requested = search.get('room');
  const room = useMemo(() => {
    const list = rooms.data ?? [];
    return list.find((entry) => entry.code === requested)?.code ?? list[0]?.code ?? null;
  }, [rooms.data, requested]);
  const headerColor = /^#[0-9a-fA-F]{3,8}$/.test(search.get('headerColor') ?? '')
    ? search.get('headerColor')
    : null;
  const title = search.get('title')?.slice(0, 60) || t('chat.title');

  useEffect(() => {
    if (!session.isLoggedIn) openLogin();
  }, [openLogin, session.isLoggedIn]);

  let body;
  if (!session.isLoggedIn) {
    body = (
      <Empty
        title={t('chat.loginTitle')}
        hint={t('chat.loginHint')}
        action={<Button onClick={openLogin}>{t('chat.login')}</Button>}
      />
    );
  } else if (session.isTrial) {
    body = (
      <p role="alert" className="chat-warning">
        {t('chat.in_please_information')}
      </p>
    );
  } else if (rooms.isError) {
    body = <ErrorState message={errorText(rooms.error)} onRetry={() => void rooms.refetch()} />;
  } else if (!rooms.data || room === null) {
    body = <Spinner label={t('chat.loading')} />;
  } else {
    body = (
      <>
        <Tabs
          label={t('chat.rooms')}
          activeId={room}
          onChange={(code) =>
            setSearch((params) => ({ ...Object.fromEntries(params), room: code }), { replace: true })
          }
          tabs={rooms.data.map((entry) => ({
            id: entry.code,
            label:
              entry.unReadCount > 0 && entry.code !== room
                ? `${pickText(entry.name, i18n.language)} (${entry.unReadCount > 99 ? '99+' : entry.unReadCount})`
                : pickText(entry.name, i18n.language),
          }))}
        />
        <ChatRoomView key={room} room={room} />
      </>
    );
  }
  return (
    <section className="chat-page" aria-labelledby="chat-title">
      <h1
        id="chat-title"
        className="chat-page__title"
        style={headerColor ? { background: headerColor } : undefined}
      >
        {title}
      </h1>
      {body}
    </section>
  );
}
