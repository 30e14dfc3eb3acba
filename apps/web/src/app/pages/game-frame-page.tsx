import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClassName, Empty } from '@/components';
import { readGameFrameState } from '@/features/game';
import './game-frame-page.css';

/**
 * SPEC section 2's /game: the vendor's game in a frame as large as the screen below the header, with a
 * back button and the game's name. The address comes from the launch, in the history entry's state; a
 * visit without one (a typed /game, a bookmark) says no game is open.
 */
export function GameFramePage() {
  const { t } = useTranslation('game');
  const location = useLocation();
  const navigate = useNavigate();
  const frame = readGameFrameState(location.state);

  if (!frame) {
    return (
      <section className="page" aria-labelledby="game-frame-title">
        <h1 id="game-frame-title" className="page__title">
          {t('frame.title')}
        </h1>
        <div className="card coming-soon">
          <Empty title={t('frame.noGame')} hint={t('frame.noGameHint')} />
          <Link className={buttonClassName('primary')} to="/">
            {t('frame.toLobby')}
          </Link>
        </div>
      </section>
    );
  }

  const back = () => {
    // Back to the lobby as it was (its tab, search and scroll) when we came from it in this tab.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(frame.from);
  };

  return (
    <section className="game-frame" aria-labelledby="game-frame-title">
      <div className="game-frame__bar">
        <button type="button" className="game-frame__back" onClick={back}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span>{t('frame.back')}</span>
        </button>
        <h1 id="game-frame-title" className="game-frame__title">
          {frame.name}
        </h1>
        {frame.mode === 'demo' ? <span className="game-frame__demo">{t('frame.demo')}</span> : null}
      </div>
      <iframe
        className="game-frame__frame"
        src={frame.url}
        title={t('frame.frameTitle', { game: frame.name })}
        allow="fullscreen; autoplay; clipboard-write"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        // The game may run its scripts, forms and windows, and lead the page away only when the player
        // taps a link in it (its "lobby"), never on its own.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
      />
    </section>
  );
}
