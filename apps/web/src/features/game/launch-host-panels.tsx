import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Empty, ErrorState, Modal, Spinner } from '@/components';
import { apiRequest } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { GameThumbnail } from './game-thumbnail';
import { LaunchNotice } from './launch-notice';
import { launchHost, type LaunchHostState } from './launch-host-store';
import { useGameImage } from './use-game-image';
import { useLaunchGame } from './use-launch-game';
import './lobby.css';

/** SPEC section 3: a list asks for 42 games. */
const VENDOR_GAMES_PAGE = 42;

/** SPEC section 2: a game whose isGame is VASSALAGE opens this popup list of its vendor's games. */
function VendorGamesDialog({ vendor }: { vendor: NonNullable<LaunchHostState['vendorGames']> | null }) {
  const { t, i18n } = useTranslation('game');
  const image = useGameImage();
  const launch = useLaunchGame();
  const location = useLocation();
  const language = i18n.language === 'en' ? 'en' : 'bn';
  const games = useQuery({
    queryKey: ['game', 'vendor-games', vendor?.vassalage ?? null, language],
    queryFn: ({ signal }) =>
      apiRequest('gameList', {
        query: {
          vassalage: vendor?.vassalage,
          clientType: '3',
          language,
          pageNo: 1,
          pageSize: VENDOR_GAMES_PAGE,
        },
        signal,
      }),
    enabled: vendor !== null,
    staleTime: 2 * 60_000,
  });
  // A game that opened took the player to /game: the list is done.
  useEffect(() => {
    if (location.pathname === '/game') launchHost.closeVendorGames();
  }, [location.pathname]);

  let body;
  if (games.isPending) body = <Spinner label={t('vendorGames.loading')} />;
  else if (games.isError)
    body = <ErrorState message={errorText(t, games.error, 'common')} onRetry={() => void games.refetch()} />;
  else if (games.data.games.length === 0)
    body = <Empty title={t('vendorGames.empty')} hint={t('vendorGames.emptyHint')} />;
  else
    body = (
      <ul className="vendor-games" aria-label={t('grid.label', { vendor: vendor?.title ?? '' })}>
        {games.data.games.map((game) => (
          <li key={game.nodeId}>
            <button
              type="button"
              className="vendor-games__game"
              aria-label={t('play', { game: game.gameName })}
              aria-busy={launch.pending === game.nodeId || undefined}
              onClick={() => launch.launch(game)}
            >
              <GameThumbnail src={image(game.imageUrl)} />
              <span>{game.gameName}</span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <Modal
        open={vendor !== null}
        onClose={launchHost.closeVendorGames}
        title={t('vendorGames.title', { vendor: vendor?.title ?? '' })}
      >
        {body}
      </Modal>
      <LaunchNotice message={launch.notice} onClose={launch.dismiss} />
    </>
  );
}

/** The shell's launch panels: a vendor's popup game list, and a launch notice asked for outside a lobby. */
export function LaunchHostPanels({ state }: { open: boolean; state: LaunchHostState }) {
  const { t } = useTranslation('game');
  return (
    <>
      <VendorGamesDialog vendor={state.vendorGames} />
      <LaunchNotice message={state.notice ? t(state.notice) : null} onClose={launchHost.closeNotice} />
    </>
  );
}
