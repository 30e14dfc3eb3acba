import type { GameCategory, VendorCard } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { useSearchParams } from 'react-router';
import { Empty, ErrorState, Spinner, Tabs, tabDomId } from '@/components';
import { useGameVendors } from './api/get-game-vendors';
import { vendorsOf } from './categories';
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

export function LobbyPage({ category }: { category: LobbyCategory }) {
  const { t } = useTranslation();
  const vendorsQuery = useGameVendors();
  const [searchParams, setSearchParams] = useSearchParams();
  const title = t(`categories.${category}`);
  const vendors = category === 'INHOUSE' ? [] : vendorsOf(vendorsQuery.data, category);
  const active = selectedVendor(vendors, searchParams.get('page'));

  let body;
  if (vendorsQuery.isPending && category !== 'INHOUSE') {
    body = <Spinner label={t('app.loading')} />;
  } else if (vendorsQuery.isError && category !== 'INHOUSE') {
    body = (
      <ErrorState
        message={errorText(t, vendorsQuery.error, 'common')}
        onRetry={() => void vendorsQuery.refetch()}
      />
    );
  } else if (!active) {
    body = <Empty title={t('lobby.noVendors')} hint={t('lobby.noVendorsHint')} />;
  } else {
    body = (
      <>
        <Tabs
          tabs={vendors.map((vendor) => ({
            id: vendor.vassalage,
            label: `${vendor.title} ${t('lobby.hallSuffix')}`,
          }))}
          activeId={active.vassalage}
          onChange={(id) =>
            setSearchParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                next.set('page', id);
                return next;
              },
              // Switching tabs is not a new page: Back leaves the lobby instead of stepping through tabs.
              { replace: true, preventScrollReset: true },
            )
          }
          equalWidth
          label={t('lobby.providers', { category: title })}
          idPrefix={TAB_PREFIX}
        />
        <div
          className="lobby__panel"
          role="tabpanel"
          id={`${TAB_PREFIX}-panel`}
          aria-labelledby={tabDomId(TAB_PREFIX, active.vassalage)}
        >
          {/* Game lists arrive with the game-list issue; until then say so rather than show fakes. */}
          <Empty
            title={t('lobby.gamesComingSoon')}
            hint={t('lobby.gamesComingSoonHint', { vendor: active.title })}
          />
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
    </section>
  );
}
