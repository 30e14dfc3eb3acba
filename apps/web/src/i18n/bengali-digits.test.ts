import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/** Every Bengali text, by "file: dotted.key". */
const files = import.meta.glob<{ default: unknown }>('./locales/bn/*.json', { eager: true });
const texts = new Map<string, string>();
function collect(file: string, prefix: string, value: unknown): void {
  if (typeof value === 'string') texts.set(`${file}: ${prefix}`, value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) collect(file, prefix ? `${prefix}.${key}` : key, inner);
}
for (const [path, module] of Object.entries(files)) collect(path.replace(/^.*\//, ''), '', module.default);

/** Values that are always plain numbers where a text shows them (i18next's plural count, countdowns). */
const ALWAYS_NUMBERS = ['count', 'seconds'];

describe('numbers in the Bengali texts', () => {
  it('found the texts', () => {
    expect(texts.size).toBeGreaterThan(500);
  });

  it('formats every count and countdown, so it is written in Bengali digits', () => {
    const plain = [...texts].filter(([, text]) =>
      ALWAYS_NUMBERS.some((name) => text.includes(`{{${name}}}`)),
    );
    expect(plain.map(([where]) => where)).toEqual([]);
  });

  it('writes every formatted number in Bengali digits', () => {
    const bn = i18next.createInstance();
    void bn.init({ lng: 'bn', resources: {}, interpolation: { escapeValue: false }, initAsync: false });
    const latin: string[] = [];
    let checked = 0;
    for (const [where, text] of texts) {
      const names = [...text.matchAll(/\{\{(\w+), number\}\}/g)].map((match) => match[1] as string);
      if (names.length === 0) continue;
      checked += 1;
      const shown = bn.services.interpolator.interpolate(
        text,
        Object.fromEntries(names.map((name) => [name, 1234])),
        'bn',
        {},
      );
      if (!shown.includes('১,২৩৪') || /1,?234/.test(shown)) latin.push(`${where}: ${shown}`);
    }
    expect(checked).toBeGreaterThan(40);
    expect(latin).toEqual([]);
  });
});
