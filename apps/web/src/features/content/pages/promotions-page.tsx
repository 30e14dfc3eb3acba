import { promotionCategories } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Empty, ErrorState, Modal, Spinner, tabDomId, Tabs } from '@/components';
import { usePromotions } from '../api/get-promotions';
import { PromotionCard } from '../components/promotion-card';
import { isPromotionId, PromotionDetailView } from '../components/promotion-detail';
import type { PromotionCategory } from '../lib/types';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '../lib/use-document-title';
import './pages.css';
import './promotions-page.css';

const ALL = 'all';
const TAB_PREFIX = 'content-promotions';
const isCategory = (value: string | null): value is PromotionCategory =>
  (promotionCategories as readonly string[]).includes(value ?? '');

/**
 * /promotions. All promotions load once and the tabs filter them, so switching is instant. The tab
 * lives in ?category= and an open promotion in ?id= (the registration promo links here with an id).
 */
export default function PromotionsPage() {
  const { t } = useTranslation('content');
  const errorMessage = useErrorText('content', 'states.loadFailed');
  const [params, setParams] = useSearchParams();
  const categoryParam = params.get('category');
  const category = isCategory(categoryParam) ? categoryParam : ALL;
  const openId = params.get('id');
  const query = usePromotions();

  useDocumentTitle(t('promotions.title'));

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );

  const present = promotionCategories.filter((name) => query.data?.some((item) => item.category === name));
  const shown = query.data?.filter((item) => category === ALL || item.category === category) ?? [];
  const openTitle = query.data?.find((item) => item.id === openId)?.title;

  let body;
  if (query.isPending) body = <Spinner label={t('states.loading')} />;
  else if (query.isError)
    body = <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (shown.length === 0)
    body = <Empty title={t('promotions.empty')} hint={t('promotions.emptyHint')} />;
  else
    body = (
      <ul className="content-promotions__grid" role="list">
        {shown.map((promotion) => (
          <li key={promotion.id}>
            <PromotionCard promotion={promotion} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="content-page content-promotions">
      <h1 className="content-page__title">{t('promotions.title')}</h1>
      {present.length > 0 ? (
        <Tabs
          idPrefix={TAB_PREFIX}
          label={t('promotions.categoriesLabel')}
          tabs={[
            { id: ALL, label: t('promotions.categories.all') },
            ...present.map((name) => ({ id: name, label: t(`promotions.categories.${name}`) })),
          ]}
          activeId={category}
          onChange={(id) =>
            update((next) => {
              if (id === ALL) next.delete('category');
              else next.set('category', id);
            })
          }
        />
      ) : null}
      <div
        className="content-promotions__list"
        role={present.length > 0 ? 'tabpanel' : undefined}
        aria-labelledby={present.length > 0 ? tabDomId(TAB_PREFIX, category) : undefined}
      >
        {body}
      </div>
      <Modal
        open={isPromotionId(openId)}
        onClose={() => update((next) => next.delete('id'))}
        title={openTitle ?? t('promotions.detailTitle')}
      >
        {isPromotionId(openId) ? <PromotionDetailView id={openId} headingLevel={2} /> : null}
      </Modal>
    </div>
  );
}
