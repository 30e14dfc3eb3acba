import { lazyPage } from '@/lib/lazy';
import { AuthPageFallback } from './components/page-fallback';

// The first load carries only this: the session store, the modal switchboard and small hooks.
export { useSession, type Session } from '@/lib/session';
export { useRequireLogin, useRequireRealAccount, useLogout, showGuestWarning } from './session/use-require';
export { useAuthModals, type AuthModals } from '@/lib/auth-modals';
export type { ChangePasswordOptions } from '@/lib/auth-modals';
export { AuthModalsHost } from './modals/auth-modals-host';
export { useMemberInfo, getMemberInfo, memberInfoQueryOptions, memberInfoKey } from './api/get-member-info';
export { loadSessionFromToken } from './session/load-session-from-token';
export { redeemHandoff } from './session/redeem-handoff';

// Pages: each its own chunk.
export const LoginPage = lazyPage(() => import('./pages/login-page'), 'default', AuthPageFallback);
export const RegisterPage = lazyPage(() => import('./pages/register-page'), 'default', AuthPageFallback);
export const ResetPasswordPage = lazyPage(
  () => import('./pages/reset-password-page'),
  'default',
  AuthPageFallback,
);

// The header's account area (Log in / Register, or the member dropdown).
export { HeaderAuth, type HeaderAuthProps } from './components/header-auth';
