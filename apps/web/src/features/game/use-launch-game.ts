import { INHOUSE_VENDOR, isTrialType, type GameItem, type LaunchGame } from '@platform/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showGuestWarning, useAuthModals } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { readSession } from '@/lib/session';
import { storage, storageKeys } from '@/lib/storage';
import { memberGamesKeys } from './api/get-member-games';
import { launchGame } from './api/launch-game';
import { isPlayableUrl, type GameFrameState } from './game-frame-state';

/** SPEC section 2: a game opens in the /game route's frame, or in a window of its own. */
export type LaunchMode = 'frame' | 'window';

/**
 * Where a game opens. A page served over https cannot frame an http game (the browser blocks mixed
 * content), so such a game gets its own window; the rest open in the frame.
 */
export function launchModeOf(gameUrl: string, pageProtocol: string = window.location.protocol): LaunchMode {
  return pageProtocol === 'https:' && gameUrl.startsWith('http:') ? 'window' : 'frame';
}

/** Opens the game in a window of its own; false when the browser blocked it. */
export function openGameWindow(url: string): boolean {
  let popup: Window | null;
  try {
    popup = window.open(url, '_blank');
  } catch {
    popup = null;
  }
  if (!popup) return false;
  // The vendor's page must not script or redirect this tab.
  popup.opener = null;
  return true;
}

/** A phone asks for the vendor's phone build (SPEC: platform html5 or html5-desktop). */
const isPhone = (): boolean => window.matchMedia?.('(max-width: 599px)').matches ?? false;

/** What a launch needs of a game: a lobby's game, or a PVP room's game. */
export type LaunchableGame = Pick<GameItem, 'nodeId' | 'gameCode' | 'vassalage' | 'gameName'>;

export interface LaunchOptions {
  /** a PVP room chosen in the lobby (SPEC section 3's roomId): the game opens seated in it */
  roomId?: string;
}

export interface LaunchState {
  /** the game being opened, while its call runs */
  pending: string | null;
  /** a message to show (already translated), or null */
  notice: string | null;
}

/**
 * SPEC section 2's launch: login first (a visitor gets the login modal), then POST /wps/game/launchGame
 * with SPEC section 3's launch request, then the game in the /game frame or its own window. A trial
 * account is refused by the server where the vendor has no demo money (NEED_REAL_ACCOUNT): it gets the
 * 'need a true account' warning. A blocked window gets the 'popup blocked' message.
 */
export function useLaunchGame(): LaunchState & {
  launch(game: LaunchableGame, options?: LaunchOptions): void;
  dismiss(): void;
} {
  const { t, i18n } = useTranslation('game');
  const navigate = useNavigate();
  const location = useLocation();
  const { openLogin } = useAuthModals();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LaunchState>({ pending: null, notice: null });
  // A second tap while a launch runs would open the game twice (and spend a second launch token).
  const running = useRef(false);
  const from = `${location.pathname}${location.search}`;

  const open = useCallback(
    (game: LaunchableGame, answer: LaunchGame) => {
      const phone = isPhone();
      const url = phone && answer.game_url2 ? answer.game_url2 : answer.game_url;
      if (game.vassalage === INHOUSE_VENDOR) {
        // The server answers the site's own page of the game; nothing else is opened in its name.
        void navigate(url.startsWith('/inhouse/') ? url : `/inhouse/${game.gameCode}`);
        return null;
      }
      if (!isPlayableUrl(url)) return t('launch.invalidUrl');
      // The vendor's own rule (its pages refuse frames), or a game the page cannot frame.
      if (answer.launch_mode === 'window' || launchModeOf(url) === 'window') {
        return openGameWindow(url) ? null : t('launch.popupBlocked');
      }
      const frame: GameFrameState = { url, name: game.gameName, mode: answer.mode, from };
      void navigate('/game', { state: frame });
      return null;
    },
    [from, navigate, t],
  );

  const launch = useCallback(
    (game: LaunchableGame, options: LaunchOptions = {}) => {
      const session = readSession();
      // Our own games are pages of this site: a visitor or a trial account plays them for fun there
      // (free play, off the ledger); a member's launch only records the game among the recent ones.
      const inhousePage = game.vassalage === INHOUSE_VENDOR ? `/inhouse/${game.gameCode}` : null;
      if (inhousePage && (!session.isLoggedIn || isTrialType(session.user?.type ?? 0))) {
        void navigate(inhousePage);
        return;
      }
      if (!session.isLoggedIn) {
        openLogin();
        return;
      }
      if (running.current) return;
      running.current = true;
      setState({ pending: options.roomId ?? game.nodeId, notice: null });
      launchGame({
        nodeId: game.nodeId,
        gameId: game.gameCode,
        ...(options.roomId ? { roomId: options.roomId } : {}),
        vassalage: game.vassalage,
        accountType: session.user ? String(session.user.type) : undefined,
        confirmTrans: false,
        launchMode: 'frame',
        platform: isPhone() ? 'html5' : 'html5-desktop',
        clientType: '3',
        username: session.user?.userName,
        // The session token travels in the Authorization header only: a body is easier to log.
        merchantCode: storage.session.get(storageKeys.merchant) ?? undefined,
        language: i18n.language === 'en' ? 'en' : 'bn',
      })
        .finally(() => {
          running.current = false;
        })
        .then(
          (answer) => {
            // The server put the game first in the member's recent games: the row shows it on return.
            void queryClient.invalidateQueries({ queryKey: memberGamesKeys.recentRoot });
            setState({ pending: null, notice: open(game, answer) });
          },
          (error: unknown) => {
            const code = error instanceof ApiError ? error.code : null;
            if (code === 'NEED_REAL_ACCOUNT') {
              setState({ pending: null, notice: null });
              showGuestWarning();
            } else if (code === 'UNAUTHORIZED') {
              setState({ pending: null, notice: null });
              openLogin();
            } else {
              setState({
                pending: null,
                notice: code === 'NOT_FOUND' ? t('launch.unavailable') : t('launch.failed'),
              });
            }
          },
        );
    },
    [i18n.language, navigate, open, openLogin, queryClient, t],
  );

  const dismiss = useCallback(() => setState((previous) => ({ ...previous, notice: null })), []);
  return { ...state, launch, dismiss };
}
