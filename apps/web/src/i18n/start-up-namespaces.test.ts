import { describe, expect, it } from 'vitest';
import { i18next, initI18n, namespaces } from './index';
import { startUpNamespaces } from './start-up-namespaces';

describe('translations at start-up', () => {
  it('waits only for the first screen namespaces; the others arrive when first asked for', async () => {
    await initI18n({ languages: ['bn', 'en'], defaultLanguage: 'en' });
    for (const name of startUpNamespaces) expect(i18next.hasLoadedNamespace(name), name).toBe(true);
    const later = namespaces.filter((name) => !(startUpNamespaces as readonly string[]).includes(name));
    expect(later).toContain('member');
    for (const name of later) expect(i18next.hasLoadedNamespace(name), name).toBe(false);

    await i18next.loadNamespaces('member');
    expect(i18next.hasLoadedNamespace('member')).toBe(true);
    expect(i18next.exists('member:centre.title')).toBe(true);
  });
});
