import type { Clock } from './clock.js';

/**
 * Values read from the database for display or lookup, reused for one window (SETTINGS_CACHE_MS), each
 * belonging to an owner (a member). `forget(owners)` is called as a change to an owner's data runs
 * (possibly before its transaction commits): their values are dropped and read from the database, not
 * cached, for one window, so the change has committed before anything is cached again; a read that
 * overlapped any change is not cached either. A change made elsewhere (another server) is seen within
 * one window. A window of 0 turns caching off (tests).
 */
export class WindowCache<Key, Value, Owner> {
  /** oldest first: a Map keeps insertion order */
  private readonly entries = new Map<Key, { value: Value; at: number }>();
  private readonly uncachedUntil = new Map<Owner, number>();
  /** bumped by every forget, so a read that overlapped one is not cached */
  private generation = 0;

  constructor(
    private readonly options: {
      clock: Clock;
      windowMs: number;
      ownerOf: (value: Value) => Owner;
      maxEntries: number;
    },
  ) {}

  async read(key: Key, load: () => Promise<Value | null>): Promise<Value | null> {
    const { clock, windowMs, ownerOf, maxEntries } = this.options;
    if (windowMs <= 0) return load();
    const at = clock.now().getTime();
    const cached = this.entries.get(key);
    if (cached && at - cached.at < windowMs) return cached.value;
    const generation = this.generation;
    const value = await load();
    if (value === null || generation !== this.generation) return value;
    const until = this.uncachedUntil.get(ownerOf(value));
    if (until !== undefined && until > at) return value;
    this.entries.delete(key);
    this.entries.set(key, { value, at });
    if (this.entries.size > maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  /** The owner of a cached value that matches, if one is cached. */
  ownerWhere(matches: (value: Value) => boolean): Owner | undefined {
    for (const { value } of this.entries.values()) if (matches(value)) return this.options.ownerOf(value);
    return undefined;
  }

  /** These owners' data is changing: drop their values and keep them uncached for one window. */
  forget(owners: Iterable<Owner>): void {
    const { clock, windowMs, ownerOf, maxEntries } = this.options;
    this.generation += 1;
    if (windowMs <= 0) return;
    const at = clock.now().getTime();
    const forgotten = new Set(owners);
    if (forgotten.size === 0) return;
    for (const owner of forgotten) this.uncachedUntil.set(owner, at + windowMs);
    for (const [key, entry] of this.entries)
      if (forgotten.has(ownerOf(entry.value))) this.entries.delete(key);
    if (this.uncachedUntil.size > maxEntries) {
      for (const [owner, until] of this.uncachedUntil) if (until <= at) this.uncachedUntil.delete(owner);
    }
  }
}
