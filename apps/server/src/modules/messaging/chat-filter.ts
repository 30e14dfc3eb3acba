/** Escapes a word for use inside a regular expression. */
const escape = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The operator's word filter: every occurrence of a listed word, whatever its case, becomes as many
 * asterisks as it has characters. Longer words first, so "badword" is not left half-masked by "bad".
 */
export function filterWords(text: string, words: readonly string[]): string {
  const listed = words.map((word) => word.trim()).filter((word) => word.length > 0);
  if (listed.length === 0) return text;
  const pattern = new RegExp(
    [...listed]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|'),
    'giu',
  );
  return text.replace(pattern, (match) => '*'.repeat([...match].length));
}
