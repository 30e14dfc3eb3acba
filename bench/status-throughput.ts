import autocannon from 'autocannon';
import { startProductionServer } from './support/server.js';

/** GET /wps/system/status under load: requests per second and p99 latency. */
export async function statusThroughput(durationSeconds = 10, connections = 50) {
  const server = await startProductionServer();
  try {
    const result = await autocannon({
      url: `${server.url}/wps/system/status`,
      connections,
      duration: durationSeconds,
    });
    return {
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  } finally {
    await server.stop();
  }
}
