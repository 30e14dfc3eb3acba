import { CONTENT_ID_PATTERN } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Empty, ErrorState, LazyImage, Spinner } from '@/components';
import { ApiError } from '@/lib/api-client';
import { usePromotionDetail } from '../api/get-promotion-detail';
import { paragraphs } from '../lib/paragraphs';
import { useErrorText } from '@/lib/error-text';
import { PromotionActivity } from './promotion-activity';
import { PromotionDates } from './promotion-dates';
import './promotion-detail.css';

export interface PromotionDetailViewProps {
  id: string;
  /** h1 on its own page, h2 inside a modal */
  headingLevel?: 1 | 2;
}

export const isPromotionId = (id: string | null | undefined): id is string =>
  typeof id === 'string' && CONTENT_ID_PATTERN.test(id);

function NotFound() {
  const { t } = useTranslation('content');
  return (
    <div className="content-promotion-missing">
      <Empty title={t('promotions.notFound')} hint={t('promotions.notFoundHint')} />
      <Link className="content-promotion-missing__link" to="/promotions">
        {t('promotions.backToList')}
      </Link>
    </div>
  );
}

/** One promotion: image, title, dates and its text as paragraphs. The text is plain, never HTML. */
export function PromotionDetailView({ id, headingLevel = 1 }: PromotionDetailViewProps) {
  const { t } = useTranslation('content');
  const errorMessage = useErrorText('content', 'states.loadFailed');
  const valid = isPromotionId(id);
  const query = usePromotionDetail(id, { enabled: valid });
  if (!valid) return <NotFound />;
  if (query.isPending) return <Spinner label={t('states.loading')} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === 'NOT_FOUND') return <NotFound />;
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const promotion = query.data;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="content-promotion">
      <LazyImage
        className="content-promotion__image"
        src={promotion.imageUrl}
        alt=""
        width={1200}
        height={500}
        eager
      />
      <Heading className="content-promotion__title">{promotion.title}</Heading>
      <PromotionDates startsAt={promotion.startsAt} endsAt={promotion.endsAt} />
      <div className="content-promotion__body">
        {paragraphs(promotion.content).map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </div>
      <PromotionActivity promotion={promotion} />
    </article>
  );
}
