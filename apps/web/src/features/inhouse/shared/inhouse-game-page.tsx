import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName, ErrorState, Spinner } from '@/components';
import { showGuestWarning, useAuthModals, useSession } from '@/features/auth';
import { useErrorText } from '@/lib/error-text';
import './inhouse-game.css';

/** Real money for a member; play money the page keeps (FREEPLAY3) for a visitor or a trial account. */
export type PlayMode = 'real' | 'free';

/** The in-house games, each with its own i18n namespace holding the page's words. */
type InhouseGame = 'slot' | 'dice' | 'crash';

interface InhouseGamePageProps<Info> {
  game: InhouseGame;
  /** What the game needs before it can be shown (its info or its live state). */
  info: UseQueryResult<Info>;
  freePlay: (info: Info) => boolean;
  /** A provably fair game links to the verification page. */
  verifiable?: boolean;
  children: (info: Info, mode: PlayMode) => ReactNode;
}

/**
 * The page every in-house game stands in: back to /inhouse, the title, the verification link, and who may
 * play what. A member plays for real money; a visitor or a trial account plays with play money when the
 * operator allows free play, or is told how to play.
 */
export function InhouseGamePage<Info>({
  game,
  info,
  freePlay,
  verifiable,
  children,
}: InhouseGamePageProps<Info>) {
  const { t } = useTranslation(game);
  const session = useSession();
  const errorText = useErrorText(game);
  const { openLogin } = useAuthModals();

  let body: ReactNode;
  if (info.isPending) body = <Spinner label={t('loading')} />;
  else if (info.isError)
    body = <ErrorState message={errorText(info.error)} onRetry={() => void info.refetch()} />;
  else {
    const real = session.isLoggedIn && !session.isTrial;
    const mode: PlayMode | null = real ? 'real' : freePlay(info.data) ? 'free' : null;
    body = mode ? (
      children(info.data, mode)
    ) : (
      <div className="inhouse-game__closed">
        <p>{session.isTrial ? t('closed.trial') : t('closed.visitor')}</p>
        {session.isTrial ? (
          <Button onClick={showGuestWarning}>{t('closed.realAccount')}</Button>
        ) : (
          <Button onClick={openLogin}>{t('closed.logIn')}</Button>
        )}
      </div>
    );
  }
  const titleId = `${game}-title`;
  return (
    <section className={`inhouse-game ${game}-page`} aria-labelledby={titleId}>
      <header className="inhouse-game__head">
        <Link to="/inhouse" className={buttonClassName('ghost', 'sm')}>
          {t('back')}
        </Link>
        <h1 id={titleId}>{t('title')}</h1>
        {verifiable ? (
          <Link to={`/inhouse/fair?game=${game}`} className={buttonClassName('ghost', 'sm')}>
            {t('verifyPage')}
          </Link>
        ) : null}
      </header>
      {body}
    </section>
  );
}

interface InhouseGameBodyProps {
  mode: PlayMode;
  /** The marking of free play, in the game's words. */
  freeBadge: string;
  /** The table's own class, for what only this game draws. */
  tableClassName: string;
  side: ReactNode;
  children: ReactNode;
}

/** The game's table, marked when it is played with play money, and its side panel beside it on a wide screen. */
export function InhouseGameBody({ mode, freeBadge, tableClassName, side, children }: InhouseGameBodyProps) {
  return (
    <div className="inhouse-game__body">
      <div
        className={`inhouse-game__panel ${tableClassName}${mode === 'free' ? ' inhouse-game__panel--free' : ''}`}
      >
        {mode === 'free' ? (
          <p className="inhouse-game__free-badge" role="note">
            {freeBadge}
          </p>
        ) : null}
        {children}
      </div>
      {side}
    </div>
  );
}
