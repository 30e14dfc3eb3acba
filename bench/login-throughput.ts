import autocannon from 'autocannon';
import { startBuiltServer } from './support/server.js';

/**
 * POST /wps/session/login with the right password, so every request runs one argon2id verification
 * (19 MiB, 2 passes, parallelism 1) and issues a session. Each request comes from its own address
 * (X-Forwarded-For, trusted for this run) so the per-address rate limit measures nothing here, and
 * new-address verification is off so every login completes.
 */
export async function loginThroughput(durationSeconds = 10, connections = 16) {
  const server = await startBuiltServer('demo');
  try {
    await server.operator('settings', 'set', 'auth.newIpVerification', 'false');
    // A login in flight holds a failure slot until its password is checked (so parallel guesses cannot
    // outrun the captcha rule): 16 parallel logins of one account need the rule's ceiling raised.
    await server.operator('settings', 'set', 'auth.captchaAfterFailures', '100');
    await server.operator('settings', 'set', 'auth.maxFailedLoginsPerHour', '1000');
    let counter = 0;
    let failures = 0;
    const result = await autocannon({
      url: server.url,
      connections,
      duration: durationSeconds,
      requests: [
        {
          method: 'POST',
          path: '/wps/session/login',
          setupRequest: (request) => {
            counter += 1;
            const address = `198.18.${(counter >> 8) & 255}.${counter & 255}`;
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
              body: JSON.stringify({ username: 'demo01', password: 'Demo1234' }),
            };
          },
          onResponse: (status) => {
            if (status !== 200) failures += 1;
          },
        },
      ],
    });
    return { loginsPerSecond: result.requests.average, p99Ms: result.latency.p99, failures };
  } finally {
    await server.stop();
  }
}
