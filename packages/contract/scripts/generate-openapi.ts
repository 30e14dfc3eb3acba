/**
 * Writes docs/provider-api.openapi.json, the vendors' machine-readable API, from the contract's schemas.
 * Run by `npm run generate --workspace @platform/contract`; provider-openapi.test.ts fails while it is stale.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { providerOpenApiDocument } from '../src/provider-openapi.js';

const target = fileURLToPath(new URL('../../../docs/provider-api.openapi.json', import.meta.url));
const options = (await resolveConfig(target)) ?? {};
await writeFile(
  target,
  await format(JSON.stringify(providerOpenApiDocument()), { ...options, filepath: target }),
);
console.log(`wrote ${target}`);
