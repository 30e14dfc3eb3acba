import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import bnShell from './locales/bn/admin.json';
import enShell from './locales/en/admin.json';

type Texts = Record<string, unknown>;

/**
 * Each feature keeps its texts beside it (features/<name>/locales/<lang>.json), under its own key
 * (`t('staff.title')` for features/staff): features are written side by side without sharing a file.
 */
function withFeatures(shell: Texts, files: Record<string, unknown>): Texts {
  const texts: Texts = { ...shell };
  for (const [file, module] of Object.entries(files)) {
    const feature = /features\/([^/]+)\/locales\//.exec(file)?.[1];
    if (!feature) continue;
    const value = (module as { default?: unknown }).default ?? module;
    texts[feature] = value;
  }
  return texts;
}

export const en = withFeatures(enShell, import.meta.glob('../features/*/locales/en.json', { eager: true }));
export const bn = withFeatures(bnShell, import.meta.glob('../features/*/locales/bn.json', { eager: true }));

/** The back office's one namespace; its texts are apart from the player site's (ADR 095). */
export const NAMESPACE = 'admin';

/** English first (staff tools are written in it), Bengali second; both complete. */
export const adminLanguages = ['en', 'bn'] as const;
export type AdminLanguage = (typeof adminLanguages)[number];

/** Each language named in its own script, so a reader finds theirs whatever the page language is. */
export const languageNames: Record<AdminLanguage, string> = { en: 'English', bn: 'বাংলা' };

const STORAGE_KEY = 'adminLanguage';

const isLanguage = (value: string | null): value is AdminLanguage =>
  (adminLanguages as readonly (string | null)[]).includes(value);

export function storedLanguage(): AdminLanguage {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

export function rememberLanguage(language: AdminLanguage): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage refused: the choice lasts for this page.
  }
}

/**
 * Both languages are bundled: they are a few kilobytes, and a staff tool that waits for a
 * translation chunk before its first screen gains nothing.
 */
export async function initI18n(language: AdminLanguage = storedLanguage()): Promise<typeof i18next> {
  i18next.on('languageChanged', (code) => {
    document.documentElement.lang = code;
  });
  await i18next.use(initReactI18next).init({
    lng: language,
    supportedLngs: [...adminLanguages],
    fallbackLng: false,
    resources: { en: { [NAMESPACE]: en }, bn: { [NAMESPACE]: bn } },
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  document.documentElement.lang = language;
  return i18next;
}
