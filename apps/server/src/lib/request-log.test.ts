import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogPolicy } from './request-log.js';

/** A server logging at `level` into an array of parsed lines, with a fast, a slow and a failing route. */
async function serverLoggingAt(level: 'info' | 'debug') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogPolicy(50) });
  app.get('/fast', async () => 'ok');
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 80));
    return 'ok';
  });
  app.get('/broken', async (_request, reply) => reply.status(500).send('broken'));
  app.get('/maintenance', async (_request, reply) => reply.status(503).send('back soon'));
  await app.ready();
  return { app, lines };
}

describe('request log', () => {
  it('at info, writes nothing for a fast request or a maintenance answer, but a line for a slow one and a server error', async () => {
    const { app, lines } = await serverLoggingAt('info');
    await app.inject({ method: 'GET', url: '/fast' });
    await app.inject({ method: 'GET', url: '/maintenance' });
    expect(lines).toEqual([]);
    await app.inject({ method: 'GET', url: '/slow' });
    await app.inject({ method: 'GET', url: '/broken' });
    expect(lines.map(({ msg, url, statusCode }) => ({ msg, url, statusCode }))).toEqual([
      { msg: 'slow request', url: '/slow', statusCode: 200 },
      { msg: 'request', url: '/broken', statusCode: 500 },
    ]);
    expect(lines[1]?.level).toBe(50);
    await app.close();
  });

  it('at debug, writes one line for every request', async () => {
    const { app, lines } = await serverLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/fast' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', url: '/fast', statusCode: 200, level: 20 });
    await app.close();
  });
});
