import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own on the server named by DATABASE_URL, dropped at the end (as the tests do). */
export async function scratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Why PostgreSQL figures cannot be taken, or null when DATABASE_URL names a reachable server. */
export async function postgresUnavailable(serverUrl: string | undefined): Promise<string | null> {
  if (!serverUrl) return 'DATABASE_URL is not set';
  try {
    const probe = new pg.Client({ connectionString: serverUrl });
    await probe.connect();
    await probe.end();
    return null;
  } catch (error) {
    return `PostgreSQL at DATABASE_URL is not reachable (${String(error)})`;
  }
}
