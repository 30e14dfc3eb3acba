import type { LoginResult } from '@platform/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { memberInfoQueryOptions } from '../api/get-member-info';
import { closeModal, showModal } from '@/lib/auth-modals';
import { storeSession } from '@/lib/session';

export type LoginOk = Extract<LoginResult, { status: 'ok' }>;

export interface CompleteLoginOptions {
  via: 'password' | 'sms' | 'freePlay' | 'register' | 'reset' | 'verify';
  /** the password just typed, handed to the change-password dialog in memory only */
  password?: string;
  /** registration opens its own success dialog instead */
  keepModal?: boolean;
}

/**
 * SPEC section 4, login success: keep the token and user, go home; a weak or expired password opens
 * the change-password dialog (not after an SMS login); else the member info loads, and a first login
 * gets its welcome.
 */
export function useCompleteLogin(): (result: LoginOk, options: CompleteLoginOptions) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (result, options) => {
      storeSession(result.token, result.user);
      if (!options.keepModal) closeModal();
      void navigate('/');
      if (result.mustChangePassword && options.via !== 'sms') {
        showModal({ kind: 'changePassword', options: { oldPassword: options.password, forced: true } });
        return;
      }
      if (result.user.firstTimeLogin && options.via !== 'register') showModal({ kind: 'firstLogin' });
      queryClient.fetchQuery(memberInfoQueryOptions(result.token)).catch(() => undefined);
    },
    [navigate, queryClient],
  );
}
