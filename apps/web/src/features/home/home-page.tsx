import type { GameCategory } from '@platform/contract/client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { Link } from 'react-router';
import { Empty, ErrorState, Spinner } from '@/components';
import { PromotionCarousel } from '@/features/content';
import {
  CategoryIcon,
  CategoryLink,
  categoriesWithVendors,
  HomeGameRows,
  HomeRowsPlaceholder,
  useGameVendors,
} from '@/features/game';
import { useSiteInfo } from '@/features/system';
import { BigWinsTicker } from './big-wins-ticker';
import './home.css';

/**
 * False until the browser is idle after the first paint. The first render is a transition (ADR 017),
 * which would wait for the rows' chunk before showing anything; mounting them afterwards keeps the
 * first screen independent of them (and their chunk off the first screen's network).
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: 1500 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setReady(true), 200);
    return () => window.clearTimeout(timer);
  }, []);
  return ready;
}

function CategoryTile({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  return (
    <CategoryLink category={category} className="home-tile">
      <span className={`home-tile__art category-art category-art--${category.toLowerCase()}`}>
        <CategoryIcon category={category} size={26} />
      </span>
      <span className="home-tile__name">{t(`categories.${category}`)}</span>
    </CategoryLink>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const info = useSiteInfo();
  const vendors = useGameVendors();
  const categories = categoriesWithVendors(vendors.data);
  const showRows = useAfterFirstPaint();

  let grid;
  if (vendors.isPending) grid = <Spinner label={t('app.loading')} />;
  else if (vendors.isError) {
    grid = (
      <ErrorState message={errorText(t, vendors.error, 'common')} onRetry={() => void vendors.refetch()} />
    );
  } else if (categories.length === 0)
    grid = <Empty title={t('home.noCategories')} hint={t('home.noCategoriesHint')} />;
  else
    grid = (
      <ul className="home-grid">
        {categories.map((category) => (
          <li key={category}>
            <CategoryTile category={category} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="page home">
      <section className="home-hero card" aria-labelledby="home-title">
        <h1 id="home-title" className="home-hero__title">
          {t('home.welcome', { site: info.siteName })}
        </h1>
        <p className="home-hero__tagline">{t('home.tagline')}</p>
      </section>

      <BigWinsTicker />

      <section aria-labelledby="home-categories">
        <h2 id="home-categories" className="home__heading">
          {t('home.categories')}
        </h2>
        {grid}
      </section>

      <section aria-labelledby="home-promotions">
        <div className="home__heading-row">
          <h2 id="home-promotions" className="home__heading">
            {t('home.promotions')}
          </h2>
          <Link to="/promotions" className="home__more">
            {t('home.allPromotions')}
          </Link>
        </div>
        <PromotionCarousel category="new_player" />
      </section>

      {/* Below the promotions: rows that arrive later push nothing on the first screen down. */}
      {categories.length === 0 ? null : showRows ? (
        <HomeGameRows categories={categories} />
      ) : (
        <HomeRowsPlaceholder />
      )}
    </div>
  );
}
