import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    // Pure parts of the benchmarks and the RNG tests; the benchmarks themselves are run, not tested.
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
  },
});
