import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components';
import { AppDownloadPanel } from '@/features/content';

/** /download: the app for Android and iOS, four install steps each with a QR code (SPEC section 2). */
export function DownloadPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {t('pages.download')}
      </h1>
      <div className="card download-page">
        <Suspense fallback={<Spinner label={t('app.loading')} />}>
          <AppDownloadPanel idPrefix="download-page" />
        </Suspense>
      </div>
    </section>
  );
}
