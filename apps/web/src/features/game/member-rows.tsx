import type { GameCategory, GameItem } from '@platform/contract/client';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { useFavouriteGames, useRecentGames } from './api/get-member-games';
import { GameCards, type GameActions } from './game-grid';

function GameRow({ title, games, actions }: { title: string; games: GameItem[]; actions: GameActions }) {
  const id = useId();
  return (
    <section className="lobby-row" aria-labelledby={id}>
      <h2 id={id} className="lobby-row__title">
        {title}
      </h2>
      <ul className="lobby-row__list">
        <GameCards games={games} actions={actions} />
      </ul>
    </section>
  );
}

/**
 * A member's recent and favourite games of this category (every category on home), above the tabs. A visitor and a trial account
 * have neither (SPEC section 5), so nothing is asked for them; an empty row is not shown.
 */
export function MemberRows({ category, actions }: { category?: GameCategory; actions: GameActions }) {
  const { t, i18n } = useTranslation('game');
  const session = useSession();
  const member = session.isLoggedIn && !session.isTrial;
  const filters = { gameType: category, language: i18n.language };
  const recent = useRecentGames(filters, member);
  const favourites = useFavouriteGames(filters, member);
  if (!member) return null;
  const recentGames = recent.data ?? [];
  const favouriteGames = favourites.data ?? [];
  if (recentGames.length === 0 && favouriteGames.length === 0) return null;
  return (
    <div className="lobby__rows">
      {recentGames.length > 0 ? (
        <GameRow title={t('rows.recent')} games={recentGames} actions={actions} />
      ) : null}
      {favouriteGames.length > 0 ? (
        <GameRow title={t('rows.favourites')} games={favouriteGames} actions={actions} />
      ) : null}
    </div>
  );
}
