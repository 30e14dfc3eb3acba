import { useTranslation } from 'react-i18next';

/**
 * The start-up splash. index.html shows the same markup before any JS runs; React shows it again while
 * start-up data loads. Before i18n is ready there is no translation yet, so the label is optional.
 */
export function Splash({ label }: { label?: string }) {
  return (
    <div className="boot-splash" role="status" aria-live="polite" aria-busy="true">
      <div className="boot-splash__mark" aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </div>
  );
}

/** Splash for places below i18n start-up, where the label can be translated. */
export function TranslatedSplash() {
  const { t } = useTranslation();
  return <Splash label={t('app.loading')} />;
}

/** Placeholder for a page whose chunk is still on its way; the shell around it stays usable. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <div className="boot-splash__mark" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
