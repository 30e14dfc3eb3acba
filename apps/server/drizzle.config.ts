import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  // Named by time, not by count: migrations made on parallel branches never collide on a number, and
  // drizzle-kit's newest snapshot (the last file name) is always the newest state.
  migrations: { prefix: 'timestamp' },
});
