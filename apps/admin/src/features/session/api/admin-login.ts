import { useMutation } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';
import { sessionFromLogin, storeStaffSession, type LoginAnswer } from '@/lib/session';

type LoginBody = NonNullable<RequestInput<'adminLogin'>['body']>;

/** POST /wps/admin/session/login; a success opens the staff session (lib/session.ts). */
export async function adminLogin(body: LoginBody): Promise<void> {
  // Typed as the answer both before and after the server sends several roles (lib/session.ts).
  const answer: LoginAnswer = await apiRequest('adminLogin', { body });
  storeStaffSession(sessionFromLogin(answer));
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
