import type { GameItem } from '@platform/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequireRealAccount, useSession } from '@/features/auth';
import { useFavouriteIds, useToggleFavourite } from './api/favourites';
import type { GameActions } from './game-grid';
import { useLaunchGame } from './use-launch-game';

/** The game actions every grid and row shares (lobbies and home): launch and favourites. */
export function useGameActions(): GameActions & {
  announcement: string;
  launchState: ReturnType<typeof useLaunchGame>;
} {
  const { t } = useTranslation('game');
  const session = useSession();
  // Favourites belong to real accounts: a visitor and a trial account have none (SPEC sections 5, 6).
  const username = session.isLoggedIn && !session.isTrial ? (session.user?.userName ?? null) : null;
  const favouriteIds = useFavouriteIds(username);
  const toggle = useToggleFavourite(username ?? '');
  const requireRealAccount = useRequireRealAccount();
  const launchState = useLaunchGame();
  const [announcement, setAnnouncement] = useState('');

  return {
    favouriteIds,
    opening: launchState.pending,
    onPlay: launchState.launch,
    onToggleFavourite: (game: GameItem) =>
      requireRealAccount(() => {
        // One change at a time: a second tap before the answer would send the same change again.
        if (toggle.isPending) return;
        const favourite = !favouriteIds.has(game.nodeId);
        toggle.mutate(
          { game, favourite },
          {
            onSuccess: () =>
              setAnnouncement(
                t(favourite ? 'favourite.added' : 'favourite.removed', { game: game.gameName }),
              ),
            onError: () => setAnnouncement(t('favourite.failed')),
          },
        );
      }),
    announcement,
    launchState,
  };
}
