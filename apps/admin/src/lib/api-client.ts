import {
  headers,
  routes,
  type Api,
  type CallName,
  type ErrorCode,
  type Issue,
} from '@platform/contract/client';
import type { z } from 'zod';
import { clearStaffSession, currentStaffToken } from './session';

/** A failed call, with the server's stable code; the UI shows t(`errors.${code}`). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    readonly status: number,
    readonly issues: Issue[] = [],
    /** facts to act on, e.g. { captchaRequired: true } or { secondsLeft: 42 } */
    readonly details: Record<string, string | number | boolean> = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

type Infer<S> = S extends z.ZodType ? z.input<S> : undefined;
type Field<N extends CallName, K extends string> = Api[N] extends Record<K, infer S> ? Infer<S> : undefined;

export interface RequestInput<N extends CallName> {
  query?: Field<N, 'query'>;
  params?: Field<N, 'params'>;
  body?: Field<N, 'body'>;
  signal?: AbortSignal;
}

export type Answer<N extends CallName> = z.infer<Api[N]['response']>;

/** The call's address with its path parameters filled in and its query, in a stable order. */
export function callUrl(name: CallName, params?: object, query?: object): string {
  const filled = routes[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) =>
    encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[key] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** What every staff call sends: the admin token (never a member's), the language, JSON. */
function requestHeaders(accept: string, json: boolean): Record<string, string> {
  const sent: Record<string, string> = { accept };
  const token = currentStaffToken();
  if (token) sent[headers.adminToken] = token;
  sent[headers.language] = document.documentElement.lang || 'en';
  if (json) sent['content-type'] = 'application/json';
  return sent;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK', 0);
  }
}

/** Calls the server as the contract describes, and returns `value` or throws ApiError. */
export async function apiRequest<N extends CallName>(
  name: N,
  input: RequestInput<N> = {},
): Promise<Answer<N>> {
  const call = routes[name];
  const url = callUrl(name, input.params ?? undefined, input.query ?? undefined);
  const response = await send(url, {
    method: call.method,
    headers: requestHeaders('application/json', input.body !== undefined),
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    signal: input.signal,
  });
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(response.ok ? 'INTERNAL' : 'NETWORK', response.status);
  }
  return unwrap<N>(payload, response.status);
}

/** `value` of a successful envelope, or the ApiError a failed one stands for. */
function unwrap<N extends CallName>(payload: unknown, status: number): Answer<N> {
  const envelope = payload as {
    success?: boolean;
    code?: ErrorCode;
    value?: unknown;
    issues?: Issue[];
    details?: Record<string, string | number | boolean>;
  };
  if (envelope.success === true) return envelope.value as Answer<N>;
  // An expired or revoked staff session: back to the login page, whatever screen asked.
  if (status === 401 && currentStaffToken()) clearStaffSession();
  throw new ApiError(envelope.code ?? 'INTERNAL', status, envelope.issues ?? [], envelope.details ?? {});
}

/**
 * Downloads a list call's CSV (the same call with `format=csv`). A plain link cannot carry the
 * x-admin-token header, so the file is fetched with it and handed to the browser as a download.
 */
export async function downloadCsv(name: CallName, query: object, fileName: string): Promise<void> {
  const url = callUrl(name, undefined, { ...query, format: 'csv' });
  const response = await send(url, { headers: requestHeaders('text/csv', false) });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/csv')) {
    let payload: unknown = {};
    try {
      payload = await response.json();
    } catch {
      // not an envelope: the status says enough
    }
    unwrap(payload, response.status);
    throw new ApiError('INTERNAL', response.status);
  }
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click was handled.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
