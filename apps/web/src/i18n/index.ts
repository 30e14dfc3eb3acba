import { languageCodes, type Language } from '@platform/contract/client';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { reloadForNewBuild } from '@/lib/stale-build';
import { storage, storageKeys } from '@/lib/storage';
import { startUpNamespaces } from './start-up-namespaces';

type LocaleModule = { default: ResourceKey };

// Each file becomes its own chunk, so a visitor downloads only the language they read.
const loaders = import.meta.glob<LocaleModule>('./locales/*/*.json');

const files = new Map<string, () => Promise<LocaleModule>>();
const foundNamespaces = new Set<string>();
const foundLanguages = new Set<string>();
for (const [path, load] of Object.entries(loaders)) {
  const match = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  files.set(`${match[1]}/${match[2]}`, load);
  foundLanguages.add(match[1]);
  foundNamespaces.add(match[2]);
}

export const DEFAULT_NAMESPACE = 'common';
/** Languages the app has translations for, in the contract's order. */
export const appLanguages: Language[] = languageCodes.filter((code) => foundLanguages.has(code));
export const namespaces: string[] = [
  DEFAULT_NAMESPACE,
  ...[...foundNamespaces].filter((name) => name !== DEFAULT_NAMESPACE).sort(),
];

/** Names a language in its own script, so a reader finds theirs whatever the page language is. */
export const languageNames: Record<Language, string> = {
  bn: 'বাংলা',
  en: 'English',
  zh: '中文',
  id: 'Bahasa Indonesia',
  pt: 'Português',
  th: 'ไทย',
  vi: 'Tiếng Việt',
};

const isLanguage = (value: string): value is Language => (languageCodes as readonly string[]).includes(value);

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files.get(`${language}/${namespace}`);
    // A partial language may lack a namespace; i18next then falls back key by key.
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => {
        // A translation chunk of an older build, gone after a deploy: the page reloads for the new one.
        if (reloadForNewBuild()) return;
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

export interface LanguageSettings {
  /** languages the operator offers (info.languages); undefined before the permission call answered */
  languages?: readonly string[];
  defaultLanguage?: string;
}

/** The stored choice if the site offers it, else the operator's default, else Bengali. */
export function resolveLanguage(stored: string | null, settings: LanguageSettings = {}): Language {
  const usable = (value: string | null | undefined): value is Language =>
    !!value &&
    isLanguage(value) &&
    appLanguages.includes(value) &&
    (!settings.languages || settings.languages.includes(value));
  if (usable(stored)) return stored;
  if (usable(settings.defaultLanguage)) return settings.defaultLanguage;
  return 'bn';
}

/** Languages to show in the switch: offered by the operator and translated by us. */
export function offeredLanguages(settings: LanguageSettings): Language[] {
  return appLanguages.filter((code) => !settings.languages || settings.languages.includes(code));
}

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

let listening = false;

export async function initI18n(settings: LanguageSettings = {}): Promise<typeof i18next> {
  const stored = storage.local.get(storageKeys.language);
  const language = resolveLanguage(stored, settings);
  // A stale or foreign value would otherwise travel to the server in the language header.
  if (stored !== null && stored !== language) storage.local.remove(storageKeys.language);
  if (!listening) {
    i18next.on('languageChanged', applyDocumentLanguage);
    listening = true;
  }
  await i18next
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: appLanguages,
      // bn and en are complete, so they need no fallback (and no second download); the partial
      // translations fall back to English, then Bengali.
      fallbackLng: { bn: [], en: [], default: ['en', 'bn'] },
      // The rest load on first use (react-i18next suspends the component that asked).
      ns: namespaces.filter((name) => (startUpNamespaces as readonly string[]).includes(name)),
      defaultNS: DEFAULT_NAMESPACE,
      // Server validation keys (validation.*) and error codes live once, in common; every feature finds them.
      fallbackNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  applyDocumentLanguage(i18next.language);
  return i18next;
}

/** Switches language and remembers the choice (SPEC: hisLang). */
export async function setLanguage(language: Language): Promise<void> {
  storage.local.set(storageKeys.language, language);
  await i18next.changeLanguage(language);
}

export { i18next };
