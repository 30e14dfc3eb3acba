import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The embedded database can be opened by one process only. While the server runs, the operator tool
 * hands its command to the server through a loopback-only route, authenticated by a secret the server
 * writes here (readable by its own user only).
 */
const endpointSchema = z.object({
  port: z.number().int(),
  secret: z.string().min(32),
  pid: z.number().int(),
});
export type OperatorEndpoint = z.infer<typeof endpointSchema>;

const fileOf = (dataDir: string) => path.join(dataDir, 'operator-endpoint.json');

export function writeOperatorEndpointFile(dataDir: string, endpoint: OperatorEndpoint): void {
  writeFileSync(fileOf(dataDir), JSON.stringify(endpoint), { mode: 0o600 });
}

export function readOperatorEndpointFile(dataDir: string): OperatorEndpoint | null {
  const file = fileOf(dataDir);
  if (!existsSync(file)) return null;
  const parsed = endpointSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : null;
}

export function removeOperatorEndpointFile(dataDir: string, pid: number): void {
  const current = readOperatorEndpointFile(dataDir);
  if (current?.pid === pid) rmSync(fileOf(dataDir), { force: true });
}
