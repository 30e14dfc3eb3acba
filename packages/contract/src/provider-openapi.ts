import { z } from 'zod';
import {
  PROVIDER_CLOCK_SKEW_SECONDS,
  PROVIDER_PATH_PREFIX,
  providerCalls,
  providerErrorSchema,
  providerHeaders,
  providerRequestSchemas,
  providerStatuses,
  providerSuccessSchema,
  type ProviderCall,
} from './provider.js';

const summaries: Record<ProviderCall, string> = {
  authenticate: 'Turn a launch token into the player, currency and balance (once per token)',
  balance: "The player's balance",
  bet: "Debit a bet from the player's balance (idempotent on transaction_uuid)",
  win: 'Credit a win on a bet (idempotent on transaction_uuid; never checks the session)',
  rollback: 'Refund a bet (idempotent on transaction_uuid; a rollback before its bet leaves a tombstone)',
};

type JsonObject = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  delete json.$schema;
  return json;
};

/**
 * The seamless-wallet API as an OpenAPI 3.1 document, built from the contract's own schemas, so the
 * file vendors read (docs/provider-api.openapi.json) cannot drift from what the server checks. Refinements
 * zod cannot express in JSON Schema (amount precision, control characters) are described in the text.
 */
export function providerOpenApiDocument(): JsonObject {
  const errorStatuses = Object.entries(providerStatuses).filter(([code]) => code !== 'RS_OK');
  const httpCodes = [...new Set(errorStatuses.map(([, status]) => status.http))].sort((a, b) => a - b);
  const paths: JsonObject = {};
  for (const call of providerCalls) {
    paths[`${PROVIDER_PATH_PREFIX}/{vendor}/${call}`] = {
      post: {
        operationId: call,
        summary: summaries[call],
        parameters: [
          { $ref: '#/components/parameters/vendor' },
          { $ref: '#/components/parameters/signature' },
          { $ref: '#/components/parameters/timestamp' },
          { $ref: '#/components/parameters/rsaSignature' },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: `#/components/schemas/${call}Request` } },
          },
        },
        responses: {
          '200': {
            description: 'RS_OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/success' } } },
          },
          ...Object.fromEntries(
            httpCodes.map((http) => [
              String(http),
              {
                description: errorStatuses
                  .filter(([, status]) => status.http === http)
                  .map(
                    ([code, status]) =>
                      `${code}${status.retry ? ' (send the same request again later)' : ''}`,
                  )
                  .join(', '),
                content: { 'application/json': { schema: { $ref: '#/components/schemas/error' } } },
              },
            ]),
          ),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Seamless-wallet API for game vendors',
      version: '1',
      description:
        "What a game vendor calls to move a player's money. JSON over HTTPS, signed with the vendor's secret: " +
        `${providerHeaders.signature} is the hex HMAC-SHA256 of "<timestamp>.<raw body>", ${providerHeaders.timestamp} ` +
        `the Unix time in seconds (at most ${PROVIDER_CLOCK_SKEW_SECONDS} s from ours). Amounts are decimal strings ` +
        "in major units with at most 2 decimals. The body's status decides; the HTTP status says the same. " +
        'docs/provider-api.md explains every rule, retry and a worked signature.',
    },
    paths,
    components: {
      parameters: {
        vendor: {
          name: 'vendor',
          in: 'path',
          required: true,
          description: 'your vendor code, as the operator registered it',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' },
        },
        signature: {
          name: providerHeaders.signature,
          in: 'header',
          required: true,
          description: 'hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed by your signing secret',
          schema: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
        },
        rsaSignature: {
          name: providerHeaders.rsaSignature,
          in: 'header',
          required: false,
          description:
            'only when the operator registered your RSA public key, then required: base64 RSA-SHA256 (PKCS#1 v1.5) signature of "<timestamp>.<raw body>" with your private key, besides the HMAC',
          schema: { type: 'string' },
        },
        timestamp: {
          name: providerHeaders.timestamp,
          in: 'header',
          required: true,
          description: `Unix time in whole seconds; more than ${PROVIDER_CLOCK_SKEW_SECONDS} s from ours is refused as a replay`,
          schema: { type: 'string', pattern: '^\\d{1,12}$' },
        },
      },
      schemas: {
        ...Object.fromEntries(
          providerCalls.map((call) => [`${call}Request`, schemaOf(providerRequestSchemas[call], 'input')]),
        ),
        success: schemaOf(providerSuccessSchema, 'output'),
        error: schemaOf(providerErrorSchema, 'output'),
      },
    },
  };
}
