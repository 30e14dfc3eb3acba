import type { LocalizedText } from './languages.js';

/** The text in the reader's language, else English, else Bengali. */
export function pickText(text: LocalizedText, language: string): string {
  return text[language] ?? text.en ?? text.bn;
}
