import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <>
      <h1 tabIndex={-1}>{t('notFound.title')}</h1>
      <div className="page-card">
        <p>{t('notFound.body')}</p>
        <Link to="/">{t('notFound.back')}</Link>
      </div>
    </>
  );
}
