/**
 * What a launch hands the /game route in the history entry's state (kept across a reload, gone with the
 * tab): the vendor's address, never in the URL, so a link to /game cannot frame an address of its
 * choosing.
 */
export interface GameFrameState {
  url: string;
  name: string;
  mode: 'real' | 'demo';
  /** the lobby the game was opened from, for the back button */
  from: string;
}

/** A game address we open: http(s) only (SPEC section 8: an invalid URL is refused). */
export function isPlayableUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function readGameFrameState(state: unknown): GameFrameState | null {
  if (!state || typeof state !== 'object') return null;
  const { url, name, mode, from } = state as Record<string, unknown>;
  if (typeof url !== 'string' || !isPlayableUrl(url) || typeof name !== 'string') return null;
  return {
    url,
    name,
    mode: mode === 'demo' ? 'demo' : 'real',
    from: typeof from === 'string' && from.startsWith('/') ? from : '/',
  };
}
