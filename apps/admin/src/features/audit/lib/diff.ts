/** One line of a before/after comparison: a key path and its value on either side. */
export interface DiffRow {
  /** the key path ("limits.maxBet"); "" for a value that is not an object */
  path: string;
  /** the value as JSON text, or undefined where the side has no such key */
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaves of a value by key path: objects are walked, anything else (arrays too) is one leaf. */
function leaves(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  into.set(prefix, value);
}

const text = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));

/**
 * A readable side-by-side of two JSON values: every key path of either, in the order the before and
 * then the after name them, each marked when its value differs (a key only on one side counts too).
 * An absent side (null or undefined, e.g. a creation's before) has no keys.
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const left = new Map<string, unknown>();
  const right = new Map<string, unknown>();
  if (before !== null && before !== undefined) leaves(before, '', left);
  if (after !== null && after !== undefined) leaves(after, '', right);
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  return paths.map((path) => {
    const b = left.has(path) ? text(left.get(path)) : undefined;
    const a = right.has(path) ? text(right.get(path)) : undefined;
    return { path, before: b, after: a, changed: b !== a };
  });
}

/** The object an entry names (its target), as "key: value" parts; a plain value as it is. */
export function objectText(target: unknown): string {
  if (target === null || target === undefined) return '—';
  if (isPlainObject(target))
    return Object.entries(target)
      .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(', ');
  return typeof target === 'string' ? target : JSON.stringify(target);
}
