import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '@/app/use-page-title';
import { ErrorState, Loading } from '@/components/states';
import { ApiError } from '@/lib/api-client';
import { usePlayer } from '../api/players';
import { errorWithCode } from '../lib/error';
import { Player360View } from './player-360';
import './players.css';

/** /admin/players/:account: the player 360, with its loading and error states. */
export function Player360Page() {
  const { t } = useTranslation();
  const { account = '' } = useParams();
  const player = usePlayer(account);
  usePageTitle(
    player.data
      ? t('players.player360', { username: player.data.profile.username, account })
      : t('players.title'),
  );
  if (player.status === 'pending') {
    return (
      <>
        <h1 tabIndex={-1}>{t('players.player360Loading', { account })}</h1>
        <Loading />
      </>
    );
  }
  if (player.status === 'error') {
    const missing = player.error instanceof ApiError && player.error.status === 404;
    return (
      <>
        <h1 tabIndex={-1}>{t('players.player360Loading', { account })}</h1>
        <div className="page-card">
          <ErrorState
            message={
              missing
                ? `${t('players.notFound')} (${(player.error as ApiError).code})`
                : errorWithCode(t, player.error)
            }
            onRetry={missing ? undefined : () => void player.refetch()}
          />
          <p>
            <Link to="/players">{t('players.backToSearch')}</Link>
          </p>
        </div>
      </>
    );
  }
  // A new account opens on its overview (the key), not on the tab the last one was left on.
  return <Player360View key={account} player={player.data} />;
}
