import { languageCodes, type Language } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';

/** The UI language as the contract names it, or undefined (the server then uses its default). */
export function toContentLanguage(language: string | undefined): Language | undefined {
  const base = language?.split('-')[0]?.toLowerCase();
  return languageCodes.find((code) => code === base);
}

export function useContentLanguage(): Language | undefined {
  const { i18n } = useTranslation('content');
  return toContentLanguage(i18n.resolvedLanguage ?? i18n.language);
}
