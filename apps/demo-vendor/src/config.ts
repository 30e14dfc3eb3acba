import { calmChaos, parseChaos, type ChaosSwitches } from './chaos.js';

/**
 * The signing secret of the demo's vendor terms, the same default as the server's demo seed registers.
 * A demo secret, known to everyone who reads the repository: it signs demo-money play only, and the
 * seed that registers it never runs in production.
 */
export const DEMO_VENDOR_SECRET = 'demo-vendor-secret-NOT-FOR-REAL-MONEY-0123456789';

export interface DemoVendorConfig {
  port: number;
  host: string;
  /** our platform's address, server to server */
  platformUrl: string;
  /** the site origins that may frame the game pages */
  frameAncestors: string[];
  secret: string;
  timeoutMs: number;
  chaos: ChaosSwitches;
}

export class DemoVendorConfigError extends Error {}

const origin = (value: string, name: string): string => {
  const url = URL.parse(value);
  if (!url || !['http:', 'https:'].includes(url.protocol)) {
    throw new DemoVendorConfigError(`${name}=${value}: an http(s) address`);
  }
  return url.origin;
};

/** Reads the environment; a bad value names the variable. */
export function loadDemoVendorConfig(env: NodeJS.ProcessEnv = process.env): DemoVendorConfig {
  const port = Number(env.DEMO_VENDOR_PORT ?? 8081);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new DemoVendorConfigError(`DEMO_VENDOR_PORT=${env.DEMO_VENDOR_PORT}: a port number`);
  }
  const platformUrl = origin(env.PLATFORM_URL || 'http://127.0.0.1:8080', 'PLATFORM_URL');
  const frameAncestors = (env.DEMO_VENDOR_FRAME_ANCESTORS || 'http://localhost:8080 http://127.0.0.1:8080')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((value) => origin(value, 'DEMO_VENDOR_FRAME_ANCESTORS'));
  const secret = env.DEMO_VENDOR_SECRET || DEMO_VENDOR_SECRET;
  if (secret.length < 32) throw new DemoVendorConfigError('DEMO_VENDOR_SECRET: at least 32 characters');
  const timeoutMs = Number(env.DEMO_VENDOR_TIMEOUT_MS ?? 5000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100) {
    throw new DemoVendorConfigError(
      `DEMO_VENDOR_TIMEOUT_MS=${env.DEMO_VENDOR_TIMEOUT_MS}: milliseconds, at least 100`,
    );
  }
  let chaos = calmChaos();
  try {
    if (env.DEMO_VENDOR_CHAOS) chaos = parseChaos(env.DEMO_VENDOR_CHAOS);
  } catch (error) {
    throw new DemoVendorConfigError(`DEMO_VENDOR_CHAOS: ${(error as Error).message}`);
  }
  return {
    port,
    host: env.DEMO_VENDOR_HOST || '127.0.0.1',
    platformUrl,
    frameAncestors: [...new Set([platformUrl, ...frameAncestors])],
    secret,
    timeoutMs,
    chaos,
  };
}
