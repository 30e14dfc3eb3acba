import { useMemo } from 'react';
import { showModal, type ChangePasswordOptions } from './modal-store';

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
