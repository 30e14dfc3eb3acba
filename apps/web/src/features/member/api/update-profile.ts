import type { MemberInfo, Api } from '@platform/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { memberKeys } from './member-keys';

export type UpdateProfileBody = z.input<Api['updateProfile']['body']>;

/** PUT /wps/member/info: changes the nickname and/or email; answers the updated member. */
export const updateProfile = (body: UpdateProfileBody): Promise<MemberInfo> =>
  apiRequest('updateProfile', { body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (info) => queryClient.setQueryData(memberKeys.info(token), info),
  });
}
