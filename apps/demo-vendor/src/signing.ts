import { createHmac } from 'node:crypto';

/**
 * The signature our wallet API checks (docs/provider-api.md): lowercase hex HMAC-SHA256 of
 * `<timestamp>.<raw body>` with the vendor's secret, over the exact bytes sent.
 */
export function signBody(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}
