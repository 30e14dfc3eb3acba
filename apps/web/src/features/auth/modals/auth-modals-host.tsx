import { Suspense, useState } from 'react';
import { lazyNamed } from '@/lib/lazy';
import { useUnauthorizedGuard } from '../session/unauthorized-guard';
import { useAuthUi } from '@/lib/auth-modals';

const AuthModals = lazyNamed(() => import('./auth-modals'), 'AuthModals');

/**
 * Renders the auth modals and dialogs (login, register, passwords, guest warning, logout confirm);
 * their code is fetched the first time one opens. Also drops the session when a call answers 401.
 * Mount it ONCE, inside the router and the QueryClientProvider.
 */
export function AuthModalsHost() {
  useUnauthorizedGuard();
  const ui = useAuthUi();
  const [used, setUsed] = useState(false);
  const wanted = ui.modal !== null || ui.dialog !== null;
  if (wanted && !used) setUsed(true);
  // Once loaded it stays mounted, so a closing modal can fade out.
  if (!used && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthModals />
    </Suspense>
  );
}
