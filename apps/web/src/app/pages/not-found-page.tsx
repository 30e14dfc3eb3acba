import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Empty } from '@/components';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {t('notFound.title')}
      </h1>
      <div className="card coming-soon">
        <Empty title={t('notFound.title')} hint={t('notFound.hint')} />
        <Link className="link-button link-button--primary" to="/">
          {t('pages.backHome')}
        </Link>
      </div>
    </section>
  );
}
