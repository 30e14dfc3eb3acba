import type { GameCategory, GameItem } from '@platform/contract/client';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components';
import { useGameRow } from './api/get-game-row';
import { CategoryIcon } from './category-icon';
import { CategoryLink } from './category-link';
import { GameCardSkeleton } from './game-card';
import { GameCards, type GameActions } from './game-grid';
import { LaunchNotice } from './launch-notice';
import { MemberRows } from './member-rows';
import { useGameActions } from './use-game-actions';
import './lobby.css';
import './home-rows.css';

/** Placeholders of a row while its games are on their way: a phone's width and a little more. */
const ROW_SKELETONS = 6;

/** True once the element comes near the viewport: a row below asks for its games then. */
function useNearScreen(element: RefObject<HTMLElement | null>): boolean {
  // Without IntersectionObserver (an old browser) every row asks at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = element.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      // A quarter screen ahead: the rows start below the first screen, which asks the server nothing (ADR 017).
      { rootMargin: '0px 0px 25% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

function Row({ title, games, actions }: { title: string; games: GameItem[]; actions: GameActions }) {
  const id = useId();
  return (
    <section className="lobby-row" aria-labelledby={id}>
      <h3 id={id} className="home-rows__row-title">
        {title}
      </h3>
      <ul className="lobby-row__list">
        <GameCards games={games} actions={actions} />
      </ul>
    </section>
  );
}

/** `still`: a row not asked for yet keeps its placeholders still (no endless shimmer off screen). */
function SkeletonRow({ still }: { still: boolean }) {
  return (
    <ul className={still ? 'lobby-row__list home-rows__still' : 'lobby-row__list'} aria-hidden="true">
      {Array.from({ length: ROW_SKELETONS }, (_, index) => (
        <GameCardSkeleton key={index} />
      ))}
    </ul>
  );
}

/**
 * One category on home: its icon and name, "see all" to its lobby, a row of its hot games and a row of
 * its new ones (a game already in the hot row is not repeated). Asked for when it nears the screen; a
 * category with neither is not shown.
 */
function CategoryRows({ category, actions }: { category: GameCategory; actions: GameActions }) {
  const { t, i18n } = useTranslation('game');
  const holder = useRef<HTMLElement>(null);
  const near = useNearScreen(holder);
  const headingId = useId();
  const hot = useGameRow({ gameType: category, tag: 'hot', language: i18n.language }, near);
  const fresh = useGameRow({ gameType: category, tag: 'new', language: i18n.language }, near);
  const name = t(`categories.${category}`, { ns: 'common' });

  const hotGames = hot.data ?? [];
  const shown = new Set(hotGames.map((game) => game.nodeId));
  const newGames = (fresh.data ?? []).filter((game) => !shown.has(game.nodeId));
  const loading = !near || hot.isPending || fresh.isPending;
  const failed = !loading && hot.isError && fresh.isError;
  if (!loading && !failed && hotGames.length === 0 && newGames.length === 0) return null;

  return (
    <section ref={holder} className="home-rows__category" aria-labelledby={headingId}>
      <div className="home-rows__head">
        <h2 id={headingId} className="home-rows__title">
          <span className={`home-rows__icon category-art category-art--${category.toLowerCase()}`}>
            <CategoryIcon category={category} size={20} />
          </span>
          {name}
        </h2>
        <CategoryLink
          category={category}
          className="home-rows__all"
          label={t('home.seeAllLabel', { category: name })}
        >
          {t('home.seeAll')}
        </CategoryLink>
      </div>
      {loading ? (
        <>
          <SkeletonRow still={!near} />
          <p className="ui-visually-hidden">{t('home.loading', { category: name })}</p>
        </>
      ) : failed ? (
        <div className="home-rows__failed">
          <p>{t('loadFailed')}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void hot.refetch();
              void fresh.refetch();
            }}
          >
            {t('ui.retry', { ns: 'content' })}
          </Button>
        </div>
      ) : (
        <>
          {hotGames.length > 0 ? <Row title={t('home.hot')} games={hotGames} actions={actions} /> : null}
          {newGames.length > 0 ? <Row title={t('home.new')} games={newGames} actions={actions} /> : null}
        </>
      )}
    </section>
  );
}

/**
 * Home's games, below the first screen, in a chunk of their own: a member's recent and favourite
 * games (every category), then each category's hot and new rows. A game opens as in the lobby (a
 * visitor gets the login modal).
 */
export function HomeGameRows({ categories }: { categories: GameCategory[] }) {
  const { announcement, launchState, ...actions } = useGameActions();
  return (
    <div className="home-rows">
      <MemberRows actions={actions} />
      {categories.map((category) => (
        <CategoryRows key={category} category={category} actions={actions} />
      ))}
      <p className="ui-visually-hidden" role="status">
        {announcement}
      </p>
      <LaunchNotice message={launchState.notice} onClose={launchState.dismiss} />
    </div>
  );
}
