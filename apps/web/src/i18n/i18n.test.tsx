import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorCodes } from '@platform/contract/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n, resolveLanguage } from '@/i18n';
import bnCommon from './locales/bn/common.json';
import enCommon from './locales/en/common.json';
import { normalSiteRoutes, renderApp, startI18n } from '@/test/shell-test-utils';
import { fakeServer } from '@/test/fake-server';

describe('language choice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('falls back to Bengali when the stored value is unknown, and forgets the bad value', async () => {
    localStorage.setItem('hisLang', 'klingon');
    await initI18n();
    expect(i18next.language).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(localStorage.getItem('hisLang')).toBeNull();
    expect(i18next.t('status.maintenance.title')).toBe('সিস্টেম রক্ষণাবেক্ষণ');
  });

  it('prefers the stored choice, then the operator default, then Bengali', () => {
    const settings = { languages: ['bn', 'en'], defaultLanguage: 'en' };
    expect(resolveLanguage('bn', settings)).toBe('bn');
    expect(resolveLanguage(null, settings)).toBe('en');
    // A language the operator does not offer is not kept, even if we have its translation.
    expect(resolveLanguage('zh', settings)).toBe('en');
    expect(resolveLanguage('xx', {})).toBe('bn');
  });

  it('switches language from the header and keeps the choice in localStorage hisLang', async () => {
    await startI18n('bn');
    fakeServer(normalSiteRoutes());
    renderApp('/');

    const [headerSwitch] = await screen.findAllByRole('combobox', { name: 'ভাষা' });
    expect(headerSwitch).toBeDefined();
    await userEvent.selectOptions(headerSwitch!, 'en');

    // The header's switch (the drawer has one too) now speaks English.
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('switch', { name: 'Dark mode' })).toBeInTheDocument();
    expect(localStorage.getItem('hisLang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('hides the language switch when only one language is offered', async () => {
    await startI18n('en');
    fakeServer(normalSiteRoutes({ info: { languages: ['en'], defaultLanguage: 'en' } }));
    renderApp('/');
    await within(await screen.findByRole('banner')).findByRole('switch', { name: 'Dark mode' });
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
  });
});

describe('common translations', () => {
  const keysOf = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
      : [prefix.slice(0, -1)];

  it('have the same keys in Bengali and English', () => {
    expect(keysOf(bnCommon).sort()).toEqual(keysOf(enCommon).sort());
  });

  it('name every contract error code and NETWORK', () => {
    for (const code of [...errorCodes, 'NETWORK']) {
      expect(enCommon.errors).toHaveProperty(code);
      expect(bnCommon.errors).toHaveProperty(code);
    }
  });
});

describe('server validation keys', () => {
  // Every `validation.*` message key the server sends in VALIDATION_FAILED issues.
  const serverKeys = [
    'required',
    'mismatch',
    'samePassword',
    'sameAsLoginPassword',
    'defaultPassword',
    'imageType',
    'fileTooLarge',
    'notAllowed',
    'mobile',
    'length',
    'age',
    'agree',
    'verificationCode',
    'method',
    'invalid',
    'nickname',
    'invitationCode',
    'countryDialingCode',
    'captcha',
  ];
  it('have a message in bn and en', () => {
    for (const key of serverKeys) {
      expect(enCommon.validation, key).toHaveProperty(key);
      expect(bnCommon.validation, key).toHaveProperty(key);
    }
  });
});
