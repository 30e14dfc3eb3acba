/** Only http(s) addresses from settings become links: a stray javascript: URL must never run. */
export function safeExternalUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
