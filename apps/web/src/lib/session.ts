import { isAgentType, isTrialType, type LoginUser } from '@platform/contract/client';
import { useSyncExternalStore } from 'react';
import { storage, storageKeys } from './storage';

/**
 * THE owner of the session: the token, the logged-in member and their account type live in session
 * storage under the keys SPEC section 3 names, and nothing else reads or writes them. Calls get the
 * token from `currentToken()`, components from `useSession()`.
 */

/** The logged-in member as JSON; the other keys are the ones SPEC section 3 names. */
export const USER_KEY = 'loginUser';

export interface Session {
  isLoggedIn: boolean;
  token: string | null;
  user: LoginUser | null;
  isAgent: boolean;
  isTrial: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function parseUser(raw: string | null): LoginUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as LoginUser) : null;
  } catch {
    return null;
  }
}

let cachedKey: string | null = null;
let cached: Session = { isLoggedIn: false, token: null, user: null, isAgent: false, isTrial: false };

/** A stable snapshot: the same object until one of the stored values changes. */
export function readSession(): Session {
  const token = storage.session.get(storageKeys.token);
  const rawUser = storage.session.get(USER_KEY);
  const rawType = storage.session.get(storageKeys.isAgent);
  const key = `${token ?? ''}\u0000${rawUser ?? ''}\u0000${rawType ?? ''}`;
  if (key === cachedKey) return cached;
  cachedKey = key;
  const user = parseUser(rawUser);
  const type = user?.type ?? (rawType ? Number(rawType) : NaN);
  cached = {
    isLoggedIn: !!token,
    token,
    user,
    isAgent: !!token && Number.isFinite(type) && isAgentType(type),
    isTrial: !!token && Number.isFinite(type) && isTrialType(type),
  };
  return cached;
}

/** The token for a call made right now (outside React). */
export const currentToken = (): string | null => readSession().token;

/** The current session; re-renders when the member logs in or out. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every subscriber to read again (after a write, or when a token arrived from the URL). */
export function notifySession(): void {
  for (const listener of [...listeners]) listener();
}

/** Keeps the user's facts: account, account type (isAgent) and club label, next to the full JSON. */
export function storeUser(user: LoginUser): void {
  storage.session.set(USER_KEY, JSON.stringify(user));
  storage.session.set(storageKeys.account, user.account);
  storage.session.set(storageKeys.isAgent, String(user.type));
  storage.session.set(storageKeys.memberLabel, JSON.stringify(user.clubLabel));
  notifySession();
}

/** A successful login or registration: the token and the member. */
export function storeSession(token: string, user: LoginUser): void {
  storage.session.set(storageKeys.token, token);
  storeUser(user);
}

/** Merchant values survive a logout (SPEC section 4): every key naming the merchant is kept. */
const isMerchantKey = (key: string): boolean => key.toLowerCase().includes('merchant');

/** Drops the session: all of sessionStorage except the merchant values. */
export function clearSession(): void {
  try {
    const store = window.sessionStorage;
    const keep: [string, string][] = [];
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key && isMerchantKey(key)) keep.push([key, store.getItem(key) ?? '']);
    }
    store.clear();
    for (const [key, value] of keep) store.setItem(key, value);
  } catch {
    storage.session.remove(storageKeys.token);
    storage.session.remove(USER_KEY);
    storage.session.remove(storageKeys.account);
    storage.session.remove(storageKeys.isAgent);
    storage.session.remove(storageKeys.memberLabel);
  }
  notifySession();
}
