/** A path inside this site, or null. "//host" is refused: browsers read it as another site. */
export function internalPath(linkage: string): string | null {
  const path = linkage.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

/** An http(s) address, or null: operator data must never become a javascript: link. */
export function externalUrl(linkage: string): string | null {
  try {
    const url = new URL(linkage.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
