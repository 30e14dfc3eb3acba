import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimitCounter } from './db/schema.js';
import { CAPTCHA_RATE_LIMIT } from './modules/verification/index.js';
import { createTestApp, type TestApp } from './test/harness.js';

/** Two server instances of one site: each request goes to the next instance in turn. */
async function twoInstances(redis?: Redis): Promise<[TestApp, TestApp]> {
  const first = await createTestApp(redis ? { redis } : {});
  const second = await createTestApp({ beside: first, ...(redis ? { redis } : {}) });
  return [first, second];
}

async function floodCaptcha(instances: TestApp[], times: number, address: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const instance = instances[index % instances.length] as TestApp;
    const answer = await instance.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: address });
    statuses.push(answer.statusCode);
  }
  return statuses;
}

describe('a rate limit shared by two instances', { timeout: 120_000 }, () => {
  const opened: TestApp[] = [];
  afterAll(async () => {
    for (const instance of opened.reverse()) await instance.close();
  });

  it('allows N per minute in all, not N per instance (PostgreSQL counters)', async () => {
    const instances = await twoInstances();
    opened.push(...instances);
    const statuses = await floodCaptcha(instances, CAPTCHA_RATE_LIMIT.max + 4, '198.51.100.7');
    expect(statuses.filter((status) => status === 200)).toHaveLength(CAPTCHA_RATE_LIMIT.max);
    expect(statuses.slice(CAPTCHA_RATE_LIMIT.max)).toEqual([429, 429, 429, 429]);
    // Another address has its own count.
    expect(await floodCaptcha(instances, 2, '198.51.100.8')).toEqual([200, 200]);
    // Another limit has its own count: the exhausted captcha limit does not refuse a login.
    const login = await instances[0].app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'nobody01', password: 'Wrong12345' },
      remoteAddress: '198.51.100.7',
    });
    expect(login.statusCode).not.toBe(429);
  });

  it('starts again when the window has passed, and the sweep deletes ended windows', async () => {
    const [first, second] = await twoInstances();
    opened.push(first, second);
    await floodCaptcha([first, second], CAPTCHA_RATE_LIMIT.max + 1, '198.51.100.9');
    first.clock.advance(CAPTCHA_RATE_LIMIT.timeWindow + 1);
    expect(await floodCaptcha([second], 1, '198.51.100.9')).toEqual([200]);
    first.clock.advance(CAPTCHA_RATE_LIMIT.timeWindow + 1);
    const before = await first.handle.db.select().from(rateLimitCounter);
    expect(before.length).toBeGreaterThan(0);
    await first.services.scheduler.runDue();
    first.clock.advance(10 * 60_000);
    await first.services.scheduler.runDue();
    expect(await first.handle.db.select().from(rateLimitCounter)).toEqual([]);
  });

  it.runIf(process.env.REDIS_URL)('allows N in all with Redis counters too', async () => {
    const redis = new Redis(process.env.REDIS_URL as string);
    try {
      const instances = await twoInstances(redis);
      opened.push(...instances);
      const statuses = await floodCaptcha(
        instances,
        CAPTCHA_RATE_LIMIT.max + 2,
        `2001:db8::${randomInt(1, 0xffff).toString(16)}`,
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(CAPTCHA_RATE_LIMIT.max);
      expect(statuses.slice(-2)).toEqual([429, 429]);
      // Nothing counted in PostgreSQL: Redis holds the counters.
      expect(await instances[0].handle.db.select().from(rateLimitCounter)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});
