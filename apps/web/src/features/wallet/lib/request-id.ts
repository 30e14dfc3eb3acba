/** A fresh id for one money request: a UUID without dashes (32 hex digits, as the contract allows). */
export function newRequestId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID().replace(/-/g, '');
  }
  // Older browsers: 16 random bytes from the same secure source.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Keeps one request id per attempt. The same attempt (same key: channel or account and amount) reuses
 * its id after a lost answer, so a retry can never move money twice; a new attempt gets a new id.
 */
export class AttemptIds {
  private key: string | null = null;
  private id: string | null = null;

  idFor(key: string): string {
    if (this.key !== key || !this.id) {
      this.key = key;
      this.id = newRequestId();
    }
    return this.id;
  }

  /** After a definite answer (success, or a refusal that moved nothing) the next try is a new attempt. */
  reset(): void {
    this.key = null;
    this.id = null;
  }
}
