import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Carousel, LazyImage } from '@/components';
import { usePromotions } from '../api/get-promotions';
import type { PromotionCategory } from '../lib/types';
import './promotion-carousel.css';

export interface PromotionCarouselProps {
  category: PromotionCategory;
}

/**
 * Under 760 px of room the art fills the slide with the texts over it; wider, the art keeps its 12:5
 * at the slide's height (at most 576 px wide) beside a text panel. Either way it is at most 576 px
 * wide from a 768 px viewport on (the home page is wide, the registration page is 600 px).
 */
const PROMOTION_SLIDE_SIZES = '(min-width: 768px) 576px, calc(100vw - 32px)';

/**
 * Promotions of one category as slides (the registration page shows new_player). A slide opens the
 * promotions page with that promotion (SPEC section 2). Decoration again: nothing shows on failure.
 * Never in the first screen (it comes after the registration form), so every image loads lazily.
 */
export function PromotionCarousel({ category }: PromotionCarouselProps) {
  const { t } = useTranslation('content');
  const { data, isPending } = usePromotions(category);
  if (isPending)
    return (
      <div
        className="content-promo-carousel content-promo-carousel--skeleton"
        aria-busy="true"
        aria-label={t('states.loading')}
      >
        <div className="content-promo-slide" />
      </div>
    );
  if (!data || data.length === 0) return null;
  return (
    <div className="content-promo-carousel">
      <Carousel
        label={t('promotions.carouselLabel')}
        autoplayMs={5000}
        slides={data.map((promotion) => (
          <Link
            key={promotion.id}
            className="content-promo-slide"
            to={`/promotions?id=${encodeURIComponent(promotion.id)}`}
          >
            <LazyImage
              className="content-promo-slide__image"
              src={promotion.imageUrl}
              srcSet={promotion.image?.srcset}
              sizes={promotion.image ? PROMOTION_SLIDE_SIZES : undefined}
              alt=""
              width={promotion.image?.width ?? 1200}
              height={promotion.image?.height ?? 500}
              draggable={false}
            />
            <span className="content-promo-slide__text">
              <span className="content-promo-slide__title">{promotion.title}</span>
              <span className="content-promo-slide__summary">{promotion.summary}</span>
              {promotion.action ? (
                <span className="content-promo-slide__action">{promotion.action}</span>
              ) : null}
            </span>
          </Link>
        ))}
      />
    </div>
  );
}
