import { describe, expect, it } from 'vitest';
import { maskUsername } from './mask.js';

describe('maskUsername', () => {
  it('keeps the first two letters and the last, whole letters only', () => {
    expect(maskUsername('player123')).toBe('pl***3');
    expect(maskUsername('নাসরিন১২')).toBe('না***২');
    expect(maskUsername('abcde')).toBe('ab***e');
  });

  it('keeps only the first letter of a name too short to hide anything', () => {
    expect(maskUsername('abcd')).toBe('a***');
    expect(maskUsername('')).toBe('***');
  });
});
