import type { Channel } from '@platform/contract/client';

/**
 * A payment channel's name in the page's language: the operator's name for it in that language, else
 * in English, else the one name it was given.
 */
export function channelNameIn(names: Channel['names'], fallback: string, language: string): string {
  return names[language] || names.en || fallback;
}
