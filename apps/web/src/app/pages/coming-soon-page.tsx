import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Empty } from '@/components';

/**
 * The frame of a page whose real content arrives in a later issue: its title and an honest "coming
 * soon", never invented games or data.
 */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      <div className="card coming-soon">
        <Empty title={t('pages.comingSoon')} hint={t('pages.comingSoonHint')} />
        <Link className="link-button link-button--outline" to="/">
          {t('pages.backHome')}
        </Link>
      </div>
    </section>
  );
}
