// The demo game vendor: a separate process that plays its games through the platform's wallet API.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDemoVendorApp } from './app.js';
import { DemoVendorConfigError, loadDemoVendorConfig } from './config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadDemoVendorConfig();
  } catch (error) {
    if (error instanceof DemoVendorConfigError) {
      console.error(`Invalid demo vendor configuration: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  if (process.env.NODE_ENV === 'production') {
    console.error(
      'The demo vendor is a simulator for demos and tests: it does not run with NODE_ENV=production.',
    );
    process.exit(2);
  }
  const dataDir = process.env.DEMO_VENDOR_DATA_DIR ?? fileURLToPath(new URL('../data', import.meta.url));
  const vendor = await buildDemoVendorApp(config, {
    dataDir,
    owedPaymentsFile: path.join(dataDir, 'owed-payments.json'),
  });
  await vendor.app.listen({ port: config.port, host: config.host });
  vendor.startTimers();
  const address = vendor.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const chaos = Object.entries(config.chaos)
    .filter(([, percent]) => percent > 0)
    .map(([name, percent]) => `${name} ${percent}%`);
  console.log(
    `\n  Demo vendor (SIMULATOR, demo money only): http://${config.host}:${port}\n  Calls the platform at: ${config.platformUrl}\n  Chaos: ${chaos.length ? chaos.join(', ') : 'off'} (PUT /admin/chaos from this machine)\n`,
  );
  const shutdown = async () => {
    vendor.stopTimers();
    await vendor.app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

void main();
