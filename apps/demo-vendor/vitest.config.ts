import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'demo-vendor',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
