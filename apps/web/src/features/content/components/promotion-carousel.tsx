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
 * Promotions of one category as slides (the registration page shows new_player). A slide opens the
 * promotions page with that promotion (SPEC section 2). Decoration again: nothing shows on failure.
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
      />
    );
  if (!data || data.length === 0) return null;
  return (
    <div className="content-promo-carousel">
      <Carousel
        label={t('promotions.carouselLabel')}
        autoplayMs={5000}
        slides={data.map((promotion, index) => (
          <Link
            key={promotion.id}
            className="content-promo-slide"
            to={`/promotions?id=${encodeURIComponent(promotion.id)}`}
          >
            <LazyImage
              className="content-promo-slide__image"
              src={promotion.imageUrl}
              alt=""
              width={600}
              height={250}
              eager={index === 0}
              draggable={false}
            />
            <span className="content-promo-slide__text">
              <span className="content-promo-slide__title">{promotion.title}</span>
              <span className="content-promo-slide__summary">{promotion.summary}</span>
            </span>
          </Link>
        ))}
      />
    </div>
  );
}
