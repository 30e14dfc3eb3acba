import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU time a process has used, in milliseconds (user + system, from /proc). On this shared machine the
 * wall-clock figures move with whatever else runs; the CPU a call costs each process does much less, so the
 * benches print it beside them.
 */
export function processCpuMs(pid: number): number {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    // utime and stime (fields 14 and 15 of stat) in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving one database, as process ids, to sum their CPU time. */
export async function backendPids(serverUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return result.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** CPU used by the server, the database's backends and this process while `work` runs. */
export async function cpuDuring<T>(
  serverPid: number,
  databaseUrl: string,
  work: () => Promise<T>,
): Promise<{ result: T; serverMs: number; postgresMs: number; clientMs: number }> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const serverBefore = processCpuMs(serverPid);
  const backends = new Map((await backendPids(databaseUrl, database)).map((pid) => [pid, processCpuMs(pid)]));
  const clientBefore = process.cpuUsage();
  const result = await work();
  const client = process.cpuUsage(clientBefore);
  let postgresMs = 0;
  for (const pid of await backendPids(databaseUrl, database)) {
    postgresMs += processCpuMs(pid) - (backends.get(pid) ?? 0);
  }
  return {
    result,
    serverMs: processCpuMs(serverPid) - serverBefore,
    postgresMs,
    clientMs: (client.user + client.system) / 1000,
  };
}
