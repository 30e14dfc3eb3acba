import { pageDescription } from '@platform/contract/client';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePermission } from './api/get-permission';

/**
 * Keeps the page's meta description right for the current page and language. The server writes the
 * first one into the page it sends (for crawlers that do not run the app); this follows the visitor.
 */
export function usePageDescription(): void {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const siteName = usePermission().data?.info.siteName;
  const language = i18n.language;
  useEffect(() => {
    if (!siteName) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = pageDescription(pathname, language, siteName);
  }, [pathname, language, siteName]);
}
