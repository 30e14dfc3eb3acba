import type { MemberInfo } from '@platform/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { memberKeys } from './member-keys';

/** The multipart field the server reads the image from. */
export const AVATAR_FIELD = 'icon';

/** POST /wps/member/info/icon (multipart, field `icon`): answers the new avatar's URL. */
export const uploadAvatar = async (file: File): Promise<string> => {
  const form = new FormData();
  form.append(AVATAR_FIELD, file);
  return (await apiRequest('uploadAvatar', { form })).avatarUrl;
};

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (avatarUrl) =>
      queryClient.setQueryData<MemberInfo>(memberKeys.info(token), (info) =>
        info ? { ...info, avatarUrl } : info,
      ),
  });
}
