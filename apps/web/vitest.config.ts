import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A test may wait for several lazily loaded screens, each allowed five seconds on a loaded machine
    // (src/test/setup.ts); the default five seconds for the whole test is too short for that.
    testTimeout: 30_000,
  },
});
