import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The tab's title names the page, so a screen reader and a row of tabs tell pages apart. */
export function usePageTitle(page: string): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = `${page} · ${app}`;
  }, [page, app]);
}
