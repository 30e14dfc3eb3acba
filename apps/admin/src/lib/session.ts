import { adminRoles, type AdminRole } from '@platform/contract/client';
import { useSyncExternalStore } from 'react';

/**
 * THE owner of the staff session: the token, the username and the roles live in session storage under
 * one key, and nothing else reads or writes them. Session storage, not local: a back-office session
 * ends with the tab, so a shared desk computer does not keep a staff member signed in. Calls get the
 * token from `currentStaffToken()`, components from `useStaffSession()`.
 */

const KEY = 'adminSession';

export interface StaffSession {
  token: string;
  username: string;
  /** every role the staff member holds (a member of staff may hold several, issue 27) */
  roles: AdminRole[];
}

/**
 * The login's answer: `roles` once the server sends them, `role` from servers before that. Both are
 * read, so the app works across the change without a flag day.
 */
export interface LoginAnswer {
  token: string;
  username: string;
  role?: AdminRole;
  roles?: readonly AdminRole[];
}

const isRole = (value: unknown): value is AdminRole =>
  typeof value === 'string' && (adminRoles as readonly string[]).includes(value);

/** The session a login answer opens; unknown roles are dropped (a newer server may know more). */
export function sessionFromLogin(answer: LoginAnswer): StaffSession {
  const roles = [...(answer.roles ?? []), ...(answer.role ? [answer.role] : [])].filter(isRole);
  return { token: answer.token, username: answer.username, roles: [...new Set(roles)] };
}

type Listener = () => void;
const listeners = new Set<Listener>();

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): StaffSession | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { token, username, roles } = value as Record<string, unknown>;
    if (typeof token !== 'string' || typeof username !== 'string' || !Array.isArray(roles)) return null;
    return { token, username, roles: roles.filter(isRole) };
  } catch {
    return null;
  }
}

let cachedRaw: string | null = null;
let cached: StaffSession | null = null;

/** A stable snapshot: the same object until the stored value changes. */
export function readStaffSession(): StaffSession | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  cached = parse(raw);
  return cached;
}

export const currentStaffToken = (): string | null => readStaffSession()?.token ?? null;

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in staff member, or null; re-renders on log-in and log-out. */
export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, readStaffSession, readStaffSession);
}

export function storeStaffSession(session: StaffSession): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // Storage refused (private mode): the session lasts as long as this page.
    cachedRaw = JSON.stringify(session);
    cached = session;
  }
  notify();
}

export function clearStaffSession(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
  cachedRaw = null;
  cached = null;
  notify();
}
