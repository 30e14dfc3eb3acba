import type { GameItem } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { GameThumbnail } from './game-thumbnail';

export interface GameCardProps {
  game: GameItem;
  imageSrc: string | null;
  favourite: boolean;
  /** this game's launch is under way */
  opening: boolean;
  onPlay(game: GameItem): void;
  onToggleFavourite(game: GameItem): void;
}

/** One game: a button that opens it (named "Play <game>") and a favourite toggle beside it. */
export function GameCard({ game, imageSrc, favourite, opening, onPlay, onToggleFavourite }: GameCardProps) {
  const { t } = useTranslation('game');
  return (
    <li className="game-card">
      <button
        type="button"
        className="game-card__play"
        aria-label={t('play', { game: game.gameName })}
        aria-busy={opening || undefined}
        onClick={() => onPlay(game)}
      >
        <GameThumbnail src={imageSrc} />
        <span className="game-card__name">{game.gameName}</span>
        {game.isHot || game.isNew ? (
          <span className="game-card__badge" aria-hidden="true">
            {game.isHot ? t('grid.hot') : t('grid.new')}
          </span>
        ) : null}
        {opening ? <span className="game-card__opening ui-spinner" aria-hidden="true" /> : null}
      </button>
      <button
        type="button"
        className="game-card__fav"
        aria-pressed={favourite}
        aria-label={t('favourite.label', { game: game.gameName })}
        onClick={() => onToggleFavourite(game)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5l-1.4-1.3C5.4 14.5 2 11.4 2 7.6 2 4.5 4.4 2 7.5 2c1.7 0 3.4.8 4.5 2.1C13.1 2.8 14.8 2 16.5 2 19.6 2 22 4.5 22 7.6c0 3.8-3.4 6.9-8.6 11.6L12 20.5z"
            fill={favourite ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      </button>
    </li>
  );
}

/** A card's shape while its game is on its way. */
export function GameCardSkeleton() {
  return (
    <li className="game-card game-card--skeleton" aria-hidden="true">
      <span className="game-thumb" />
      <span className="game-card__name" />
    </li>
  );
}
