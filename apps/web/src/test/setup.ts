import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The machines that run these are shared and noisy: a lazily loaded screen that appears after several
// seconds under load (its modules transformed on first import) is not a failure. One that never appears
// still fails, fifteen seconds later (each test has 30 s: vitest.config.ts).
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
