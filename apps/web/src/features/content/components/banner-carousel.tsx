import { bannerImageSizes, type Banner, type BannerGroup } from '@platform/contract/client';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Carousel, LazyImage } from '@/components';
import { useBanners } from '../api/get-banners';
import { externalUrl, internalPath } from '../lib/links';
import './banner-carousel.css';

export interface BannerCarouselProps {
  group: BannerGroup;
}

// An image given by address alone (no renditions) is taken to be the 3:1 banner art.
const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 400;

/**
 * The art with its texts over it. The texts are HTML, so they are in the reader's language and drawn
 * by the site's fonts (text baked into an image can do neither); the image is decoration (alt="").
 */
function BannerFace({ banner, first, linked }: { banner: Banner; first: boolean; linked: boolean }) {
  return (
    <>
      <LazyImage
        className="content-banner__image"
        src={banner.url}
        srcSet={banner.image?.srcset}
        // Exactly the preload's imagesizes (the server preloads the first home banner), or it is fetched twice.
        sizes={banner.image ? bannerImageSizes : undefined}
        alt=""
        width={banner.image?.width ?? BANNER_WIDTH}
        height={banner.image?.height ?? BANNER_HEIGHT}
        // The first banner is the largest paint of the first screen: it must not wait.
        priority={first}
        draggable={false}
      />
      <span className="content-banner__text">
        <span className="content-banner__title">{banner.title}</span>
        {banner.subtitle ? <span className="content-banner__subtitle">{banner.subtitle}</span> : null}
        {/* A call to action on a banner that leads nowhere would be a button that does nothing. */}
        {banner.action && linked ? <span className="content-banner__action">{banner.action}</span> : null}
      </span>
    </>
  );
}

function BannerSlide({ banner, first }: { banner: Banner; first: boolean }) {
  const { t } = useTranslation('content');
  const face = <BannerFace banner={banner} first={first} linked />;
  const plain = () => (
    <div className="content-banner">
      <BannerFace banner={banner} first={first} linked={false} />
    </div>
  );
  const linkage = banner.linkage ?? '';
  switch (banner.linkageType) {
    case 'ROUTE': {
      const path = internalPath(linkage);
      return path ? (
        <Link className="content-banner content-banner--link" to={path}>
          {face}
        </Link>
      ) : (
        plain()
      );
    }
    case 'URL': {
      const href = externalUrl(linkage);
      return href ? (
        <a
          className="content-banner content-banner--link"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
        >
          {face}
          <span className="ui-visually-hidden">{t('ui.opensInNewTab')}</span>
        </a>
      ) : (
        plain()
      );
    }
    case 'PROMOTION':
      return linkage ? (
        <Link
          className="content-banner content-banner--link"
          to={`/promoDetail/${encodeURIComponent(linkage)}`}
        >
          {face}
        </Link>
      ) : (
        plain()
      );
    case 'NONE':
      return plain();
  }
}

/**
 * Groups of pages whose form must fit a phone's first screen (the registration page): their strip
 * shows from 600 px on only. shell.css hides the slot (no box reserved); here nothing renders, so no
 * image is fetched for a strip nobody sees.
 */
const WIDE_ONLY_GROUPS: ReadonlySet<BannerGroup> = new Set(['w_reg']);
const PHONE_QUERY = '(max-width: 599.98px)';

function subscribePhone(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isPhone = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * The banner strip of a page (SPEC section 2: one group per route). A banner is decoration, so a
 * failed or empty load leaves no hole and no error: the page simply starts with its content. The
 * strip's box (content-banners--box) has the same size loading or loaded, so nothing below it jumps.
 */
export function BannerCarousel({ group }: BannerCarouselProps) {
  const { t } = useTranslation('content');
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const hidden = phone && WIDE_ONLY_GROUPS.has(group);
  const { data, isPending } = useBanners(group, !hidden);
  if (hidden) return null;
  if (isPending) {
    return (
      <div
        className="content-banners content-banners--box content-banners--skeleton"
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
          <BannerSlide key={banner.bannerId} banner={banner} first={index === 0} />
        ))}
      />
    </div>
  );
}
