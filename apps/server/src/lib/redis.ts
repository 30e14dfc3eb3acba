import { Redis } from 'ioredis';

/**
 * Connects and pings once, failing fast: a start-up with REDIS_URL set must not go on without the
 * shared counters it was told to use. Once up, a dropped connection is retried in the background.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw error;
  }
  client.options.retryStrategy = (attempt: number) => Math.min(attempt * 200, 2000);
  return client;
}
