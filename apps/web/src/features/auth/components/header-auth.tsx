import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { showDialog, showModal } from '@/lib/auth-modals';
import { useSession } from '@/lib/session';
import './header-auth.css';

export interface HeaderAuthProps {
  /** unread platform messages, from the member feature (the app shell passes it in) */
  unreadCount?: number;
}

/** Plain clicks open the modals; the anchors still lead to /login and /register without them. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function withQuery(search: string, key: string, value: string): string {
  const params = new URLSearchParams(search);
  params.delete('mc');
  params.delete('ac');
  params.set(key, value);
  return `?${params.toString()}`;
}

/**
 * The header's account area: Log in / Register for visitors, the member dropdown when logged in
 * (SPEC section 2): member centre, transaction history, betting history, agent centre (agents), logout.
 */
export function HeaderAuth({ unreadCount = 0 }: HeaderAuthProps) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDocument = (event: Event) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocument);
    document.addEventListener('focusin', onDocument);
    return () => {
      document.removeEventListener('mousedown', onDocument);
      document.removeEventListener('focusin', onDocument);
    };
  }, [open]);

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  if (!session.isLoggedIn) {
    return (
      <>
        <Link
          className="link-button link-button--outline header__auth"
          to="/login"
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            showModal({ kind: 'login' });
          }}
        >
          {t('header.login')}
        </Link>
        <Link
          className="link-button link-button--primary header__auth"
          to="/register"
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            showModal({ kind: 'register' });
          }}
        >
          {t('header.register')}
        </Link>
      </>
    );
  }

  const user = session.user;
  const name = user?.nickname || user?.userName || user?.account || t('header.member');
  const close = (focusButton = false) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };
  const entry = (key: string, value: string, label: string) => (
    <li role="none">
      <Link
        role="menuitem"
        className="auth-menu__item"
        to={{ pathname: location.pathname, search: withQuery(location.search, key, value) }}
        // Focus goes to the account button first: the centre it opens gives focus back to it on close.
        onClick={() => close(true)}
      >
        {label}
      </Link>
    </li>
  );

  return (
    <div className="auth-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="auth-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('header.accountMenu', { name })}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close(true);
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span
          className="auth-menu__avatar"
          aria-hidden="true"
          data-rank={user?.clubLabel.rankLevel}
          // The club label's two colours ring the avatar (SPEC section 3's clubLabel).
          style={
            user
              ? ({
                  '--club-color': user.clubLabel.color,
                  '--club-color2': user.clubLabel.color2,
                } as CSSProperties)
              : undefined
          }
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="auth-menu__name">{name}</span>
        {unreadCount > 0 ? (
          <span className="auth-menu__badge" aria-label={t('header.unread', { count: unreadCount })}>
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        ) : null}
      </button>
      {open ? (
        <ul id={menuId} ref={menuRef} role="menu" className="auth-menu__list" onKeyDown={onMenuKeyDown}>
          {entry('mc', 'securityCenter', t('menu.memberCentre'))}
          {entry('mc', 'transactionHistory', t('menu.transactionHistory'))}
          {entry('mc', 'personalHistoryCopy', t('menu.bettingHistory'))}
          {session.isAgent ? entry('ac', 'agentTeamOverview', t('menu.agentCentre')) : null}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="auth-menu__item"
              onClick={() => {
                close(true);
                showDialog({ kind: 'logoutConfirm' });
              }}
            >
              {t('menu.logout')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
