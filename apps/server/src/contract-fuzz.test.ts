import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, type CallDefinition, type CallName } from '@platform/contract';
import { ADMIN_TOKEN_HEADER } from './modules/admin/index.js';
import { createMember } from './test/factories.js';
import { databaseDigest } from './test/database-digest.js';
import { createTestApp, type TestApp } from './test/harness.js';

/**
 * The regression net for every route of the contract: inputs its own schema refuses (wrong types,
 * missing fields, huge strings, NUL bytes, lone surrogates, huge and negative numbers, odd shapes)
 * answer a 4xx in the envelope, never a 5xx, and change no row. A new route is covered by being
 * declared in packages/contract.
 */

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  in?: z.ZodType;
  innerType?: z.ZodType;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The field names of an object schema (of every option of a union). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'union') return [...new Set((def.options ?? []).flatMap(fieldsOf))];
  if (def.type === 'pipe') return fieldsOf(def.in);
  return fieldsOf(def.innerType);
}

const HUGE = 'x'.repeat(100_000);
const badValues: unknown[] = [
  null,
  123,
  -1,
  1e308,
  -1e308,
  true,
  {},
  [],
  ['a', 'b'],
  '',
  '\u0000',
  'ab\u0000cd',
  'a\uD800b',
  '\uDC00',
  '\u001B[31m',
  HUGE,
];
const badBodies: unknown[] = [null, [], 'text', 42, true, {}];
const badQueryTexts = ['a%00b', '%ED%A0%80', '%FF', 'x'.repeat(5_000), '%', '..%2F..'];
const badParams = ['%00', '%ED%A0%80', 'x'.repeat(300), '..%2F..', '%2e%2e', 'a%0Ab'];

interface Probe {
  label: string;
  /** false where the server may read the input its own way (a broken %-escape becomes U+FFFD) */
  mustRefuse?: boolean;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: string;
  contentType?: string;
}

const validParam = 'promo_x';
const fillParams = (path: string, params: Record<string, string> = {}) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? validParam);

/** The inputs of one call that its own schemas refuse. */
function probesFor(name: CallName): Probe[] {
  const call: CallDefinition = api[name];
  const probes: Probe[] = [];
  const { body: bodySchema, query: querySchema, params: paramsSchema } = call;
  const encoding = call.encoding ?? 'application/json';
  const baseUrl = fillParams(call.path);

  if (bodySchema) {
    const encode = (value: unknown): { payload: string; contentType: string } | null => {
      if (encoding === 'application/x-www-form-urlencoded') {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
        const form = new URLSearchParams();
        for (const [key, field] of Object.entries(value)) {
          if (typeof field === 'string') form.set(key, field);
          else return null;
        }
        return { payload: form.toString(), contentType: encoding };
      }
      return { payload: JSON.stringify(value), contentType: 'application/json' };
    };
    const candidates = [
      ...badBodies.map((value) => ({ label: `body ${JSON.stringify(value)}`, value })),
      ...fieldsOf(bodySchema).flatMap((field) =>
        badValues.map((value) => ({
          label: `body.${field} = ${JSON.stringify(value)?.slice(0, 20)}`,
          value: { [field]: value },
        })),
      ),
    ];
    for (const { label, value } of candidates) {
      if (bodySchema.safeParse(value).success) continue;
      const encoded = encode(value);
      if (encoded) probes.push({ label, method: call.method, url: baseUrl, ...encoded });
    }
    probes.push({
      label: 'a prototype-polluting body',
      method: call.method,
      url: baseUrl,
      payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
      contentType: 'application/json',
    });
    probes.push({
      label: 'malformed JSON',
      method: call.method,
      url: baseUrl,
      payload: '{"a":',
      contentType: 'application/json',
    });
  } else if (call.method !== 'GET') {
    // A call without a body in the contract takes none in any other encoding either.
    probes.push({
      label: 'an unexpected text body',
      method: call.method,
      url: baseUrl,
      payload: 'hello',
      contentType: 'text/plain',
    });
  }
  if (encoding !== 'application/json') {
    probes.push({
      label: 'JSON where the contract names another encoding',
      method: call.method,
      url: baseUrl,
      payload: '{}',
      contentType: 'application/json',
    });
  } else if (call.method !== 'GET') {
    probes.push({
      label: 'a form body for a JSON call',
      method: call.method,
      url: baseUrl,
      payload: 'a=b',
      contentType: 'application/x-www-form-urlencoded',
    });
  }

  if (querySchema) {
    for (const field of fieldsOf(querySchema)) {
      for (const text of badQueryTexts) {
        const decoded = (() => {
          try {
            return decodeURIComponent(text);
          } catch {
            return null;
          }
        })();
        if (decoded !== null && querySchema.safeParse({ [field]: decoded }).success) continue;
        probes.push({
          mustRefuse: decoded !== null,
          label: `query ${field}=${text.slice(0, 20)}`,
          method: call.method,
          url: `${baseUrl}?${field}=${text}`,
        });
      }
      if (!querySchema.safeParse({ [field]: ['1', '2'] }).success) {
        probes.push({
          label: `query ${field} twice`,
          method: call.method,
          url: `${baseUrl}?${field}=1&${field}=2`,
        });
      }
    }
  }

  if (paramsSchema) {
    for (const field of fieldsOf(paramsSchema)) {
      for (const text of badParams) {
        probes.push({
          label: `param ${field}=${text.slice(0, 20)}`,
          method: call.method,
          url: fillParams(call.path, { [field]: text }),
        });
      }
    }
  }
  return probes;
}

let t: TestApp;
let headers: Record<string, string>;
let addressSequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t);
  const owner = await t.services.operator.run(
    ['admin', 'create', 'fuzzowner', '--role', 'owner', '--password', 'fuzz-owner-password'],
    'cli:fuzz',
  );
  expect(owner.exitCode).toBe(0);
  const login = await t.call<{ token: string }>({
    method: 'POST',
    url: '/wps/admin/session/login',
    payload: { username: 'fuzzowner', password: 'fuzz-owner-password' },
  });
  if (!login.body.success) throw new Error(login.body.code);
  // Both sessions, so each call's input is checked rather than its caller refused.
  headers = { ...member.auth, [ADMIN_TOKEN_HEADER]: login.body.value.token };
}, 60_000);
afterAll(() => t.close());

describe('contract-wide fuzz', () => {
  const names = Object.keys(api) as CallName[];

  it.each(names)(
    '%s: every input its schema refuses answers a 4xx envelope and changes nothing',
    async (name) => {
      const probes = probesFor(name);
      const before = await databaseDigest(t);
      const wrong: string[] = [];
      for (const probe of probes) {
        addressSequence += 1;
        const response = await t.app.inject({
          method: probe.method,
          url: probe.url,
          headers: { ...headers, ...(probe.contentType ? { 'content-type': probe.contentType } : {}) },
          ...(probe.payload === undefined ? {} : { payload: probe.payload }),
          remoteAddress: `10.${(addressSequence >> 16) & 255}.${(addressSequence >> 8) & 255}.${addressSequence & 255}`,
        });
        const envelope = ((): { success?: unknown; code?: unknown } => {
          try {
            return response.json();
          } catch {
            return {};
          }
        })();
        const refused =
          response.statusCode >= 400 &&
          response.statusCode < 500 &&
          envelope.success === false &&
          typeof envelope.code === 'string';
        const clean =
          refused ||
          (probe.mustRefuse === false && response.statusCode < 500 && envelope.success !== undefined);
        if (!clean) wrong.push(`${probe.label} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
      expect(await databaseDigest(t)).toBe(before);
    },
    120_000,
  );
});
