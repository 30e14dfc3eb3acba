import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '@/i18n';

// Shared, noisy machines: an element that appears after a few seconds under load is not a failure.
configure({ asyncUtilTimeout: 15_000 });

// Tests read the English texts, the app's first language.
await initI18n('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
