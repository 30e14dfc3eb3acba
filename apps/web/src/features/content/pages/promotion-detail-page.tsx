import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PromotionDetailView } from '../components/promotion-detail';
import './pages.css';

/** /promoDetail/:id */
export default function PromotionDetailPage() {
  const { t } = useTranslation('content');
  const { id = '' } = useParams();
  return (
    <div className="content-page content-page--narrow">
      <Link className="content-page__back" to="/promotions">
        <span aria-hidden="true">‹ </span>
        {t('promotions.backToList')}
      </Link>
      <PromotionDetailView key={id} id={id} headingLevel={1} />
    </div>
  );
}
