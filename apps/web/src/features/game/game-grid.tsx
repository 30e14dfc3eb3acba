import type { GameCategory, GameItem, VendorCard } from '@platform/contract/client';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName, Empty, ErrorState } from '@/components';
import { useCountFormat } from '@/features/system';
import { errorText } from '@/lib/error-text';
import { GAME_PAGE_SIZE, useGameList } from './api/get-game-list';
import { GameCard, GameCardSkeleton } from './game-card';
import { LobbySearch, useLobbyFilters } from './lobby-search';
import { useGameImage } from './use-game-image';
import { useInfiniteScroll } from './use-infinite-scroll';

/** What a grid or row does with a game: open it, (un)favourite it. */
export interface GameActions {
  favouriteIds: Set<string>;
  /** the nodeId whose launch is under way */
  opening: string | null;
  onPlay(game: GameItem): void;
  onToggleFavourite(game: GameItem): void;
}

/** Placeholders while the first page is on its way: about a phone's first two screens. */
const FIRST_SKELETONS = 12;
const MORE_SKELETONS = 6;

export interface GameCardsProps {
  games: GameItem[];
  actions: GameActions;
}

/** The cards of a list of games, shared by the grid and the members' rows. */
export function GameCards({ games, actions }: GameCardsProps) {
  const image = useGameImage();
  return (
    <>
      {games.map((game) => (
        <GameCard
          key={game.nodeId}
          game={game}
          imageSrc={image(game.imageUrl)}
          favourite={actions.favouriteIds.has(game.nodeId)}
          opening={actions.opening === game.nodeId}
          onPlay={actions.onPlay}
          onToggleFavourite={actions.onToggleFavourite}
        />
      ))}
    </>
  );
}

export interface GameGridProps {
  category: GameCategory;
  vendor: VendorCard;
  actions: GameActions;
}

/** A vendor tab: search and filters, then its games 42 at a time as the player scrolls. */
export function GameGrid({ category, vendor, actions }: GameGridProps) {
  const { t, i18n } = useTranslation('game');
  const countFormat = useCountFormat();
  const filters = useLobbyFilters();
  const list = useGameList({
    gameType: category,
    vassalage: vendor.vassalage,
    ...filters,
    language: i18n.language,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const games = list.data?.pages.flatMap((page) => page.games) ?? [];
  const total = list.data?.pages[0]?.totalCount ?? 0;
  const pageCount = list.data?.pages.length ?? 0;

  // Classifications seen in this tab so far: the filter offers them (the catalogue has no list of them).
  const [known, setKnown] = useState<string[]>(vendor.gameClassify ? [vendor.gameClassify] : []);
  const fresh = [
    ...new Set(games.map((game) => game.gameClassify).filter((value): value is string => !!value)),
  ].filter((value) => !known.includes(value));
  if (fresh.length > 0) setKnown([...known, ...fresh]);

  useInfiniteScroll(
    sentinel,
    () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
    },
    { enabled: !!list.hasNextPage && !list.isFetchingNextPage, round: pageCount },
  );

  const filtered = !!(filters.gameName || filters.gameClassify || filters.minBet);
  let content;
  if (list.isPending) {
    content = (
      <>
        <ul className="game-grid" aria-hidden="true">
          {Array.from({ length: FIRST_SKELETONS }, (_, index) => (
            <GameCardSkeleton key={index} />
          ))}
        </ul>
        <p className="ui-visually-hidden" role="status">
          {t('grid.loading')}
        </p>
      </>
    );
  } else if (list.isError && games.length === 0) {
    content = <ErrorState message={errorText(t, list.error, 'common')} onRetry={() => void list.refetch()} />;
  } else if (games.length === 0) {
    content = (
      <div className="lobby__empty">
        <Empty title={t('grid.empty')} hint={filtered ? t('grid.emptyFiltered') : t('grid.emptyVendor')} />
        {filtered ? (
          <Link
            className={buttonClassName('primary')}
            to={`?page=${encodeURIComponent(vendor.vassalage)}`}
            replace
            preventScrollReset
          >
            {t('filters.reset')}
          </Link>
        ) : (
          <Link className={buttonClassName('primary')} to="/">
            {t('hidden.back')}
          </Link>
        )}
      </div>
    );
  } else {
    content = (
      <>
        <p className="lobby__count">{t('grid.count', { count: total, formatted: countFormat(total) })}</p>
        <ul className="game-grid" aria-label={t('grid.label', { vendor: vendor.title })}>
          <GameCards games={games} actions={actions} />
          {list.isFetchingNextPage
            ? Array.from({ length: MORE_SKELETONS }, (_, index) => <GameCardSkeleton key={`more-${index}`} />)
            : null}
        </ul>
        <div ref={sentinel} className="game-grid__sentinel" />
        <p className="lobby__more" role="status">
          {list.isFetchingNextPage ? (
            <span className="ui-visually-hidden">{t('grid.loadingMore')}</span>
          ) : list.isError ? (
            <Button variant="secondary" size="sm" onClick={() => void list.fetchNextPage()}>
              {t('ui.retry', { ns: 'content' })}
            </Button>
          ) : !list.hasNextPage && games.length > GAME_PAGE_SIZE ? (
            t('grid.end')
          ) : null}
        </p>
      </>
    );
  }

  return (
    <>
      <LobbySearch classifications={known} />
      {content}
    </>
  );
}
