import type { GameCategory, GameItem, VendorCard } from '@platform/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName, Empty, ErrorState, Spinner, Tabs, tabDomId } from '@/components';
import { useRequireRealAccount, useSession } from '@/features/auth';
import { errorText } from '@/lib/error-text';
import { useFavouriteIds, useToggleFavourite } from './api/favourites';
import { useGameVendors } from './api/get-game-vendors';
import { vendorsOf } from './categories';
import { GameGrid, type GameActions } from './game-grid';
import { LaunchNotice } from './launch-notice';
import { MemberRows } from './member-rows';
import { PvpRooms } from './pvp-rooms';
import { useLaunchGame } from './use-launch-game';
import { storedSlotVendor, storeSlotVendor } from './use-start-vendor';
import './lobby.css';

/** In-house games are ours, not a vendor category; they get their lobby with the in-house issue. */
export type LobbyCategory = GameCategory | 'INHOUSE';

const TAB_PREFIX = 'lobby';

/**
 * SPEC: /rng?page= selects the tab, by vendor code (page=PG) or by position counted from 0 (page=2).
 * Anything else selects the first tab.
 */
export function selectedVendor(vendors: VendorCard[], page: string | null): VendorCard | undefined {
  if (page) {
    const byCode = vendors.find((vendor) => vendor.vassalage.toLowerCase() === page.toLowerCase());
    if (byCode) return byCode;
    if (/^\d+$/.test(page)) {
      const byIndex = vendors[Number(page)];
      if (byIndex) return byIndex;
    }
  }
  return vendors[0];
}

/** The lobby of a category with no vendor: the category is hidden, so say so and lead back home. */
function ClosedLobby() {
  const { t } = useTranslation('game');
  return (
    <div className="lobby__closed">
      <Empty title={t('hidden.title')} hint={t('hidden.hint')} />
      <Link className={buttonClassName('primary')} to="/">
        {t('hidden.back')}
      </Link>
    </div>
  );
}

/**
 * /inhouse: our own games (vendor code INHOUSE) come with their own issue; until then the lobby says so
 * and leads back home.
 */
function InhouseLobby() {
  const { t } = useTranslation('game');
  return (
    <div className="lobby__closed">
      <Empty title={t('inhouse.title')} hint={t('inhouse.hint')} />
      <Link className={buttonClassName('primary')} to="/">
        {t('hidden.back')}
      </Link>
    </div>
  );
}

/** The game actions every grid and row of the lobby shares: launch and favourites. */
function useGameActions(): GameActions & {
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

export function LobbyPage({ category }: { category: LobbyCategory }) {
  const { t } = useTranslation('game');
  const vendorsQuery = useGameVendors();
  const [searchParams, setSearchParams] = useSearchParams();
  const title = t(`categories.${category}`, { ns: 'common' });
  const vendors = category === 'INHOUSE' ? [] : vendorsOf(vendorsQuery.data, category);
  // SPEC section 2: /rng opens on the vendor stored before it (a slots vendor chosen elsewhere).
  const active = selectedVendor(
    vendors,
    searchParams.get('page') ?? (category === 'RNG' ? storedSlotVendor() : null),
  );
  const { announcement, launchState, ...actions } = useGameActions();

  let body;
  if (category === 'INHOUSE') {
    body = <InhouseLobby />;
  } else if (vendorsQuery.isPending) {
    body = <Spinner label={t('app.loading', { ns: 'common' })} />;
  } else if (vendorsQuery.isError) {
    body = (
      <ErrorState
        message={errorText(t, vendorsQuery.error, 'common')}
        onRetry={() => void vendorsQuery.refetch()}
      />
    );
  } else if (!active) {
    body = <ClosedLobby />;
  } else {
    body = (
      <>
        <MemberRows category={category} actions={actions} />
        <Tabs
          tabs={vendors.map((vendor) => ({
            id: vendor.vassalage,
            label: `${vendor.title} ${t('hallSuffix')}`,
          }))}
          activeId={active.vassalage}
          onChange={(id) => {
            if (category === 'RNG') storeSlotVendor(id);
            setSearchParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                next.set('page', id);
                return next;
              },
              // Switching tabs is not a new page: Back leaves the lobby instead of stepping through tabs.
              { replace: true, preventScrollReset: true },
            );
          }}
          equalWidth
          label={t('providers', { category: title })}
          idPrefix={TAB_PREFIX}
        />
        <div
          className="lobby__panel"
          role="tabpanel"
          id={`${TAB_PREFIX}-panel`}
          aria-labelledby={tabDomId(TAB_PREFIX, active.vassalage)}
        >
          {category === 'PVP' ? (
            <PvpRooms
              key={`rooms-${active.vassalage}`}
              vassalage={active.vassalage}
              opening={launchState.pending}
              onJoin={launchState.launch}
            />
          ) : null}
          {/* A new tab starts its own list (and its own known classifications). */}
          <GameGrid key={active.vassalage} category={category} vendor={active} actions={actions} />
        </div>
      </>
    );
  }

  return (
    <section className="page lobby" aria-labelledby="lobby-title">
      <h1 id="lobby-title" className="page__title">
        {title}
      </h1>
      {body}
      <p className="ui-visually-hidden" role="status">
        {announcement}
      </p>
      <LaunchNotice message={launchState.notice} onClose={launchState.dismiss} />
    </section>
  );
}
