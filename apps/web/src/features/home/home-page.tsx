import type { GameCategory } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { Link } from 'react-router';
import { Empty, ErrorState, Spinner } from '@/components';
import { PromotionCarousel } from '@/features/content';
import {
  categoriesWithVendors,
  categoryPaths,
  LOTTERY_DIRECT_VENDOR,
  useGameVendors,
  useStartVendor,
} from '@/features/game';
import { useSiteInfo } from '@/features/system';
import './home.css';

function CategoryTile({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  const startVendor = useStartVendor();
  const content = (
    <>
      <span className={`home-tile__art home-tile__art--${category.toLowerCase()}`} aria-hidden="true" />
      <span className="home-tile__name">{t(`categories.${category}`)}</span>
    </>
  );
  if (category === 'LOTT') {
    // Same rule as the side menu: lottery starts its vendor directly.
    return (
      <button type="button" className="home-tile" onClick={() => startVendor(LOTTERY_DIRECT_VENDOR)}>
        {content}
      </button>
    );
  }
  return (
    <Link className="home-tile" to={categoryPaths[category]}>
      {content}
    </Link>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const info = useSiteInfo();
  const vendors = useGameVendors();
  const categories = categoriesWithVendors(vendors.data);

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
    </div>
  );
}
