import { INHOUSE_VENDOR, type GameCategory, type VendorCard } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName, Empty, ErrorState, Spinner, Tabs, tabDomId } from '@/components';
import { errorText } from '@/lib/error-text';
import { useGameVendors } from './api/get-game-vendors';
import { vendorsOf } from './categories';
import { GameGrid } from './game-grid';
import { LaunchNotice } from './launch-notice';
import { MemberRows } from './member-rows';
import { PvpRooms } from './pvp-rooms';
import { useGameActions } from './use-game-actions';
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

/** /inhouse with our own games turned off (INHOUSE inactive): the lobby says so and leads back home. */
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

export function LobbyPage({ category }: { category: LobbyCategory }) {
  const { t } = useTranslation('game');
  const vendorsQuery = useGameVendors();
  const [searchParams, setSearchParams] = useSearchParams();
  const title = t(`categories.${category}`, { ns: 'common' });
  // /inhouse is the INHOUSE vendor's tab of the RNG lobby, alone (our games are RNG games too).
  const vendors =
    category === 'INHOUSE'
      ? vendorsOf(vendorsQuery.data, 'RNG').filter((vendor) => vendor.vassalage === INHOUSE_VENDOR)
      : vendorsOf(vendorsQuery.data, category);
  // SPEC section 2: /rng opens on the vendor stored before it (a slots vendor chosen elsewhere).
  const active = selectedVendor(
    vendors,
    searchParams.get('page') ?? (category === 'RNG' ? storedSlotVendor() : null),
  );
  const { announcement, launchState, ...actions } = useGameActions();

  let body;
  if (vendorsQuery.isPending) {
    body = <Spinner label={t('app.loading', { ns: 'common' })} />;
  } else if (vendorsQuery.isError) {
    body = (
      <ErrorState
        message={errorText(t, vendorsQuery.error, 'common')}
        onRetry={() => void vendorsQuery.refetch()}
      />
    );
  } else if (!active) {
    body = category === 'INHOUSE' ? <InhouseLobby /> : <ClosedLobby />;
  } else if (category === 'INHOUSE') {
    body = <GameGrid key={active.vassalage} category="RNG" vendor={active} actions={actions} />;
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
