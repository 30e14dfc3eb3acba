import { useMemo, useSyncExternalStore } from 'react';

/**
 * The auth modals' switchboard: which auth modal or dialog is open. Any feature opens one through
 * useAuthModals (content's promotion page opens the login); features/auth's AuthModalsHost renders them.
 */

export interface ChangePasswordOptions {
  /** the password just typed at login, kept in memory only, so the member need not type it again */
  oldPassword?: string;
  /** opened by the server (expired or default password): explains why */
  forced?: boolean;
}

export type AuthModal =
  | { kind: 'login' }
  | { kind: 'register' }
  | { kind: 'changePassword'; options: ChangePasswordOptions }
  | { kind: 'forgotPassword' }
  /** account: the generated account number after a mobile registration, shown first */
  | { kind: 'registerSuccess'; account: string | null }
  | { kind: 'firstLogin' };

export type AuthDialog = { kind: 'guestWarning' } | { kind: 'logoutConfirm' };

export interface AuthUiState {
  modal: AuthModal | null;
  /** small dialogs that may sit above a modal */
  dialog: AuthDialog | null;
}

let state: AuthUiState = { modal: null, dialog: null };
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const getAuthUi = (): AuthUiState => state;

function set(next: Partial<AuthUiState>): void {
  state = { ...state, ...next };
  for (const listener of [...listeners]) listener();
}

export const showModal = (modal: AuthModal | null): void => set({ modal });
export const showDialog = (dialog: AuthDialog | null): void => set({ dialog });
export const closeModal = (): void => set({ modal: null });
export const closeDialog = (): void => set({ dialog: null });
/** for tests */
export const resetAuthUi = (): void => set({ modal: null, dialog: null });

export function useAuthUi(): AuthUiState {
  return useSyncExternalStore(subscribe, getAuthUi, getAuthUi);
}

export interface AuthModals {
  openLogin(): void;
  openRegister(): void;
  openChangePassword(options?: ChangePasswordOptions): void;
  openForgotPassword(): void;
}

/** Opens the auth modals from anywhere; AuthModalsHost renders them. */
export function useAuthModals(): AuthModals {
  return useMemo(
    () => ({
      openLogin: () => showModal({ kind: 'login' }),
      openRegister: () => showModal({ kind: 'register' }),
      openChangePassword: (options: ChangePasswordOptions = {}) =>
        showModal({ kind: 'changePassword', options }),
      openForgotPassword: () => showModal({ kind: 'forgotPassword' }),
    }),
    [],
  );
}
