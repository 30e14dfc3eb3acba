import type { Promotion } from '@platform/contract/client';
import { Link } from 'react-router';
import { LazyImage } from '@/components';
import { PromotionDates } from './promotion-dates';
import './promotion-card.css';

export function PromotionCard({ promotion }: { promotion: Promotion }) {
  return (
    <Link className="content-promo-card" to={`/promoDetail/${encodeURIComponent(promotion.id)}`}>
      <LazyImage
        className="content-promo-card__image"
        src={promotion.imageUrl}
        alt=""
        width={600}
        height={250}
      />
      <span className="content-promo-card__text">
        <span className="content-promo-card__title">{promotion.title}</span>
        <span className="content-promo-card__summary">{promotion.summary}</span>
        <PromotionDates startsAt={promotion.startsAt} endsAt={promotion.endsAt} />
      </span>
    </Link>
  );
}
