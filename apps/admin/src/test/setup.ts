import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '@/i18n';

// Shared, noisy machines: an element that appears after a few seconds under load is not a failure.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no matchMedia; uPlot asks it (for the device pixel ratio) as it loads.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}

// jsdom draws nothing (and says so on every call): a canvas here has no context, as charts expect.
HTMLCanvasElement.prototype.getContext = () => null;

// Tests read the English texts, the app's first language.
await initI18n('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
