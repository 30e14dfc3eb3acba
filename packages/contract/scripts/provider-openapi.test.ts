import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { providerCalls, providerStatuses } from '../src/provider.js';
import { providerOpenApiDocument } from '../src/provider-openapi.js';

describe("the vendors' OpenAPI file", () => {
  const document = providerOpenApiDocument() as {
    paths: Record<string, { post: { responses: Record<string, { description: string }> } }>;
    components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
  };

  it('is what the contract says (else run `npm run generate --workspace @platform/contract`)', () => {
    const file = new URL('../../../docs/provider-api.openapi.json', import.meta.url);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('names every call, every status code and the fields a vendor must send', () => {
    expect(Object.keys(document.paths)).toEqual(providerCalls.map((call) => `/provider/v1/{vendor}/${call}`));
    const described = Object.values(document.paths['/provider/v1/{vendor}/bet']?.post.responses ?? {})
      .map((response) => response.description)
      .join(' ');
    for (const code of Object.keys(providerStatuses)) expect(described).toContain(code);
    expect(document.components.schemas.winRequest?.required).toEqual(
      expect.arrayContaining(['transaction_uuid', 'reference_transaction_uuid', 'round', 'amount']),
    );
    expect(document.components.schemas.betRequest?.properties).toHaveProperty('round_detail');
  });
});
