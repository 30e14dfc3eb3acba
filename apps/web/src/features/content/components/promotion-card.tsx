import type { Promotion } from '@platform/contract/client';
import { Link } from 'react-router';
import { LazyImage } from '@/components';
import { PromotionDates } from './promotion-dates';
import './promotion-card.css';

/** The promotions grid: one column, two from 600 px, three from 1024 px, inside a page of at most 1200. */
const PROMOTION_CARD_SIZES =
  '(min-width: 1200px) 374px, (min-width: 1024px) calc(33vw - 27px), (min-width: 600px) calc(50vw - 30px), calc(100vw - 32px)';

export function PromotionCard({ promotion }: { promotion: Promotion }) {
  return (
    <Link className="content-promo-card" to={`/promoDetail/${encodeURIComponent(promotion.id)}`}>
      <LazyImage
        className="content-promo-card__image"
        src={promotion.imageUrl}
        srcSet={promotion.image?.srcset}
        sizes={promotion.image ? PROMOTION_CARD_SIZES : undefined}
        alt=""
        width={promotion.image?.width ?? 1200}
        height={promotion.image?.height ?? 500}
      />
      <span className="content-promo-card__text">
        <span className="content-promo-card__title">{promotion.title}</span>
        <span className="content-promo-card__summary">{promotion.summary}</span>
        <PromotionDates startsAt={promotion.startsAt} endsAt={promotion.endsAt} />
        {promotion.action ? <span className="content-promo-card__action">{promotion.action}</span> : null}
      </span>
    </Link>
  );
}
