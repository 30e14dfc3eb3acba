import type { Banner, BannerGroup } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Carousel, LazyImage } from '@/components';
import { useBanners } from '../api/get-banners';
import { externalUrl, internalPath } from '../lib/links';
import './banner-carousel.css';

export interface BannerCarouselProps {
  group: BannerGroup;
}

// Reserves a 3:1 box before the image arrives; CSS keeps the same ratio at any width.
const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 400;

function BannerSlide({ banner, eager }: { banner: Banner; eager: boolean }) {
  const { t } = useTranslation('content');
  const image = (
    <LazyImage
      className="content-banner__image"
      src={banner.url}
      alt={banner.title}
      width={BANNER_WIDTH}
      height={BANNER_HEIGHT}
      eager={eager}
      draggable={false}
    />
  );
  const linkage = banner.linkage ?? '';
  switch (banner.linkageType) {
    case 'ROUTE': {
      const path = internalPath(linkage);
      return path ? (
        <Link className="content-banner" to={path}>
          {image}
        </Link>
      ) : (
        image
      );
    }
    case 'URL': {
      const href = externalUrl(linkage);
      return href ? (
        <a className="content-banner" href={href} target="_blank" rel="noopener noreferrer">
          {image}
          <span className="ui-visually-hidden">{t('ui.opensInNewTab')}</span>
        </a>
      ) : (
        image
      );
    }
    case 'PROMOTION':
      return linkage ? (
        <Link className="content-banner" to={`/promoDetail/${encodeURIComponent(linkage)}`}>
          {image}
        </Link>
      ) : (
        image
      );
    case 'NONE':
      return image;
  }
}

/**
 * The banner strip of a page (SPEC section 2: one group per route). A banner is decoration, so a
 * failed or empty load leaves no hole and no error: the page simply starts with its content.
 */
export function BannerCarousel({ group }: BannerCarouselProps) {
  const { t } = useTranslation('content');
  const { data, isPending } = useBanners(group);
  if (isPending) {
    return (
      <div
        className="content-banners content-banners--skeleton"
        aria-busy="true"
        aria-label={t('states.loading')}
      />
    );
  }
  if (!data || data.length === 0) return null;
  return (
    <div className="content-banners">
      <Carousel
        label={t('banners.label')}
        slides={data.map((banner, index) => (
          // The first banner is in the first screen: loading it lazily would delay the largest paint.
          <BannerSlide key={banner.bannerId} banner={banner} eager={index === 0} />
        ))}
      />
    </div>
  );
}
