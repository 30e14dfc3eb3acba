import {
  routes,
  type Api,
  type CallName,
  type ErrorCode,
  type Issue,
  type Routes,
} from '@platform/contract/client';
import type { z } from 'zod';
import { vi, type Mock } from 'vitest';

/**
 * THE fake server for web tests: it stands in for fetch and answers the contract's calls. Handlers are
 * keyed by "METHOD /path" exactly as the contract declares the call (so a key that is not a contract
 * route does not compile), and return the call's answer value (checked against its response schema's
 * type) or a `fail(...)` envelope. Anything else answers NOT_FOUND, as a missing server route would.
 * Restore with vi.unstubAllGlobals().
 */

type KeyOf<N extends CallName> = `${Routes[N]['method']} ${Routes[N]['path']}`;
/** Every call of the contract as "METHOD /path". */
export type RouteKey = { [N in CallName]: KeyOf<N> }[CallName];
type NameOf<K extends RouteKey> = { [N in CallName]: KeyOf<N> extends K ? N : never }[CallName];
/** What a successful call answers in `value`. */
export type AnswerOf<K extends RouteKey> = z.input<Api[NameOf<K>]['response']>;

export interface FakeRequest {
  url: URL;
  init: RequestInit | undefined;
  /** the path's :params */
  params: Record<string, string>;
  query: URLSearchParams;
  /** the parsed JSON body (undefined without one; FormData and URLSearchParams as sent) */
  body: unknown;
}

type Answer<K extends RouteKey> = AnswerOf<K> | Response;
export type FakeHandlers = {
  [K in RouteKey]?: (request: FakeRequest) => Answer<K> | Promise<Answer<K>>;
};

export interface FakeServer {
  /** the stubbed fetch, for assertions such as not.toHaveBeenCalled() */
  fetch: Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
  /** the requests one call received, in order */
  calls(key: RouteKey): FakeRequest[];
  /** adds or replaces handlers (a later answer for the same call) */
  use(handlers: FakeHandlers): void;
}

const json = (payload: unknown, status: number): Response =>
  new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });

/** A success envelope with any status (e.g. 201); a plain returned value answers 200. */
export const ok = <K extends RouteKey>(_key: K, value: AnswerOf<K>, status = 200): Response =>
  json({ success: true, value }, status);

/** A failure envelope as the server sends it: stable code, message key, issues and details. */
export const fail = (
  code: ErrorCode,
  status: number,
  extra: { issues?: Issue[]; details?: Record<string, string | number | boolean> } = {},
): Response => json({ success: false, code, message: `errors.${code}`, ...extra }, status);

interface Compiled {
  key: RouteKey;
  method: string;
  pattern: RegExp;
  names: string[];
}

const compiled: Compiled[] = (Object.keys(routes) as CallName[])
  .map((name) => {
    const { method, path } = routes[name];
    const names: string[] = [];
    const source = path
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:([A-Za-z]+)/g, (_, param: string) => {
        names.push(param);
        return '([^/]+)';
      });
    return { key: `${method} ${path}` as RouteKey, method, pattern: new RegExp(`^${source}$`), names };
  })
  // As the server's router does: a static path wins over a parametric one
  // (GET /wps/promotions/applications is not the promotion "applications").
  .sort((a, b) => a.names.length - b.names.length);

function match(method: string, pathname: string): { key: RouteKey; params: Record<string, string> } | null {
  for (const route of compiled) {
    if (route.method !== method) continue;
    const found = route.pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    route.names.forEach((param, index) => (params[param] = decodeURIComponent(found[index + 1] ?? '')));
    return { key: route.key, params };
  }
  return null;
}

function parseBody(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

export function fakeServer(initial: FakeHandlers = {}): FakeServer {
  const handlers: FakeHandlers = { ...initial };
  const received = new Map<RouteKey, FakeRequest[]>();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const text = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(text, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const found = match(method, url.pathname);
    if (!found) return fail('NOT_FOUND', 404);
    const request: FakeRequest = {
      url,
      init,
      params: found.params,
      query: url.searchParams,
      body: parseBody(init),
    };
    received.set(found.key, [...(received.get(found.key) ?? []), request]);
    const handler = handlers[found.key] as ((request: FakeRequest) => unknown) | undefined;
    if (!handler) return fail('NOT_FOUND', 404);
    const answer = await handler(request);
    return answer instanceof Response ? answer : json({ success: true, value: answer }, 200);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls: (key) => received.get(key) ?? [],
    use: (more) => Object.assign(handlers, more),
  };
}

/** A request's JSON body as a record, for assertions on what was sent. */
export const bodyOf = (request: FakeRequest): Record<string, unknown> =>
  (request.body ?? {}) as Record<string, unknown>;
