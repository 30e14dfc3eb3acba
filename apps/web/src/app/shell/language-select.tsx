import type { Language } from '@platform/contract/client';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames, offeredLanguages, setLanguage } from '@/i18n';
import { useSiteInfo } from '@/features/system';

/** Languages the site offers and we translate; the switch shows only when there is a choice. */
export function useOfferedLanguages(): Language[] {
  const info = useSiteInfo();
  return offeredLanguages({ languages: info.languages });
}

export function LanguageSelect({
  className,
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const languages = useOfferedLanguages();
  const id = useId();
  if (languages.length < 2) return null;
  return (
    <div className={`language-select ${className ?? ''}`}>
      <label htmlFor={id} className={showLabel ? 'language-select__label' : 'visually-hidden'}>
        {t('header.language')}
      </label>
      <select
        id={id}
        className="language-select__control"
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => void setLanguage(event.target.value as Language)}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
