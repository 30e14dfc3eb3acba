import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../use-page-title';

/** A menu entry whose page is not built yet: its name and "coming", never an empty screen. */
export function ComingPage({ label }: { label: string }) {
  const { t } = useTranslation();
  usePageTitle(t(label));
  return (
    <>
      <h1 tabIndex={-1}>{t(label)}</h1>
      <div className="page-card">
        <p>{t('coming.body')}</p>
      </div>
    </>
  );
}
