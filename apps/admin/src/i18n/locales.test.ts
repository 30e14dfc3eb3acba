import { describe, expect, it } from 'vitest';
import { bn, en } from './index';

/** Every key path of a translation file, plural forms folded (bn and en both have _one and _other). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('the back office’s texts', () => {
  it('has every English text in Bengali too, and no Bengali text without an English one', () => {
    expect(keys(bn).sort()).toEqual(keys(en).sort());
  });

  it('leaves no Bengali text empty or still in English', () => {
    const english = new Map(
      keys(en).map((key) => [
        key,
        key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], en),
      ]),
    );
    for (const key of keys(bn)) {
      const text = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], bn);
      expect(text, key).not.toBe('');
      // CSV is the same word in both languages.
      if (!String(text).includes('CSV')) expect(text, key).not.toBe(english.get(key));
    }
  });
});
