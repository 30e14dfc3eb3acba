// `npm start`: the platform's server and, in the demo, the demo game vendor beside it; one stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const production = process.env.NODE_ENV === 'production' || args.includes('--production');

const port = process.env.PORT || '8080';
const vendorPort = process.env.DEMO_VENDOR_PORT || '8081';
const siteOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
if (process.env.PUBLIC_URL) siteOrigins.push(new URL(process.env.PUBLIC_URL).origin);

const children: ChildProcess[] = [];
let stopping = false;

function run(name: string, argv: string[], env: NodeJS.ProcessEnv): void {
  const child = spawn(process.execPath, argv, { cwd: root, env, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    stop(signal ? 1 : (code ?? 1));
  });
}

function stop(code: number, graceMs = 0): void {
  if (stopping) return;
  stopping = true;
  const alive = () => children.filter((child) => child.exitCode === null && child.signalCode === null);
  // Ctrl-C reaches every process of the terminal's group: the children are stopping already, and a
  // second signal would start their shutdown twice. Only one still running after the grace is told.
  setTimeout(() => {
    for (const child of alive()) child.kill('SIGTERM');
  }, graceMs);
  // Each process closes its own resources; wait for them before leaving.
  const wait = setInterval(() => {
    if (alive().length === 0) {
      clearInterval(wait);
      process.exit(code);
    }
  }, 100);
}

process.once('SIGINT', () => stop(0, 3000));
process.once('SIGTERM', () => stop(0));

run('the server', [path.join(root, 'apps/server/dist/main.js'), ...args], {
  ...process.env,
  // The demo seed registers the simulator's launch URL and game art at this address.
  DEMO_VENDOR_URL: process.env.DEMO_VENDOR_URL || `http://localhost:${vendorPort}`,
});
// The simulator is for the demo only: production starts the server alone.
if (!production) {
  run('the demo vendor', ['--import', 'tsx', path.join(root, 'apps/demo-vendor/src/main.ts')], {
    ...process.env,
    DEMO_VENDOR_PORT: vendorPort,
    PLATFORM_URL: process.env.PLATFORM_URL || `http://127.0.0.1:${port}`,
    DEMO_VENDOR_FRAME_ANCESTORS: process.env.DEMO_VENDOR_FRAME_ANCESTORS || siteOrigins.join(' '),
  });
}
