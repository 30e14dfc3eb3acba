import { useCallback } from 'react';
import { showDialog, showModal } from '@/lib/auth-modals';
import { readSession } from '@/lib/session';

type Action = () => void;

/** SPEC section 5: runs the action with a session token, else opens the login popup. */
export function useRequireLogin(): (action: Action) => void {
  return useCallback((action: Action) => {
    if (readSession().isLoggedIn) action();
    else showModal({ kind: 'login' });
  }, []);
}

/**
 * SPEC sections 5, 6, 8: a trial account (type 4) gets the 'need a true account' warning and the action
 * is blocked. Without a session it asks for a login first.
 */
export function useRequireRealAccount(): (action: Action) => void {
  return useCallback((action: Action) => {
    const session = readSession();
    if (!session.isLoggedIn) showModal({ kind: 'login' });
    else if (session.isTrial) showDialog({ kind: 'guestWarning' });
    else action();
  }, []);
}

/** Asks for confirmation, then logs out (SPEC section 4). */
export function useLogout(): () => void {
  return useCallback(() => showDialog({ kind: 'logoutConfirm' }), []);
}

/**
 * The trial account's warning alone, for when the server refused what the page let through (a launch
 * answered NEED_REAL_ACCOUNT: only the server knows which vendors allow demo money).
 */
export function showGuestWarning(): void {
  showDialog({ kind: 'guestWarning' });
}
