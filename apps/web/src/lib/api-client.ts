import {
  headers,
  memberRoutes,
  type Api,
  type CallName,
  type ErrorCode,
  type Issue,
  type Routes,
} from '@platform/contract/client';
import type { z } from 'zod';
import { currentToken } from './session';
import { takeStartUpAnswer } from './start-up-answers';
import { storage, storageKeys } from './storage';

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
  /** sent as is instead of JSON: FormData (file uploads) or URLSearchParams (form-encoded calls) */
  form?: FormData | URLSearchParams;
  signal?: AbortSignal;
}

function buildUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** Calls the server as the contract describes, and returns `value` or throws ApiError. */
export async function apiRequest<N extends CallName>(
  name: N,
  input: RequestInput<N> = {},
): Promise<z.infer<Api[N]['response']>> {
  // The player site's table holds no staff call (the back office has its own app).
  const call = (memberRoutes as Partial<Routes>)[name] as Routes[N];
  const requestHeaders: Record<string, string> = { accept: 'application/json' };
  const merchant = storage.session.get(storageKeys.merchant);
  if (merchant) requestHeaders[headers.merchant] = merchant;
  const language = storage.local.get(storageKeys.language);
  if (language) requestHeaders[headers.language] = language;
  const token = currentToken();
  if (token) requestHeaders[headers.token] = `Bearer ${token}`;
  if (input.body !== undefined && !input.form) requestHeaders['content-type'] = 'application/json';

  const url = buildUrl(
    call.path,
    input.params as Record<string, unknown> | undefined,
    input.query as Record<string, unknown> | undefined,
  );
  // The page may already carry this answer (ADR 017): then the first screen waits for no call.
  const carried = call.method === 'GET' ? takeStartUpAnswer(url) : undefined;
  if (carried !== undefined) return unwrap<N>(carried, 200);

  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers: requestHeaders,
      body: input.form ?? (input.body === undefined ? undefined : JSON.stringify(input.body)),
      signal: input.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK', 0);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(response.ok ? 'INTERNAL' : 'NETWORK', response.status);
  }
  return unwrap<N>(payload, response.status);
}

/** `value` of a successful envelope, or the ApiError a failed one stands for. */
function unwrap<N extends CallName>(payload: unknown, status: number): z.infer<Api[N]['response']> {
  const envelope = payload as {
    success?: boolean;
    code?: ErrorCode;
    value?: unknown;
    issues?: Issue[];
    details?: Record<string, string | number | boolean>;
  };
  if (envelope.success === true) return envelope.value as z.infer<Api[N]['response']>;
  throw new ApiError(envelope.code ?? 'INTERNAL', status, envelope.issues ?? [], envelope.details ?? {});
}
