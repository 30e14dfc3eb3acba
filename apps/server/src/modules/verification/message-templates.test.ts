import { describe, expect, it } from 'vitest';
import { codeSmsText, requestLanguage, resetLinkEmail } from './message-templates.js';

describe('message templates', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['en-US', 'en'],
    [' bn ', 'bn'],
    [['zh', 'en'], 'zh'],
    ['xx', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('reads the language header %j as %s', (header, language) => {
    expect(requestLanguage(header)).toBe(language);
  });

  it('falls back to the given language', () => {
    expect(requestLanguage('xx', 'bn')).toBe('bn');
    expect(requestLanguage('en', 'bn')).toBe('en');
  });

  it('writes each code purpose in English and Bengali, the code in Latin digits', () => {
    expect(codeSmsText('register', 'en', 'Khela', '123456', 2)).toBe(
      'Khela: your registration code is 123456. It expires in 2 minutes.',
    );
    expect(codeSmsText('login', 'en', 'Khela', '123456', 1)).toBe(
      'Khela: your login code is 123456. It expires in 1 minute.',
    );
    expect(codeSmsText('reset', 'bn', 'Khela', '123456', 10)).toBe(
      'Khela: আপনার পাসওয়ার্ড রিসেট কোড 123456। এটি ১০ মিনিটে মেয়াদোত্তীর্ণ হবে।',
    );
    expect(codeSmsText('verify_login', 'bn', 'Khela', '654321', 2)).toContain('654321');
  });

  it('falls back to English for languages without their own texts', () => {
    expect(codeSmsText('register', 'vi', 'Khela', '123456', 2)).toBe(
      codeSmsText('register', 'en', 'Khela', '123456', 2),
    );
  });

  it('writes the reset email with its link', () => {
    const email = resetLinkEmail('en', 'Khela', 'https://khela.test/reset?token=abc', 30);
    expect(email.subject).toBe('Khela: reset your password');
    expect(email.text).toContain('https://khela.test/reset?token=abc');
    expect(email.text).toContain('30 minutes');
    expect(resetLinkEmail('bn', 'Khela', 'https://x.test/r', 30).text).toContain('৩০ মিনিট');
  });
});
