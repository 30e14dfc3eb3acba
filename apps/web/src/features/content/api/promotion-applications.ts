import type { PromotionApplication } from '@platform/contract/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { walletKeys } from '@/lib/wallet-keys';
import { apiRequest } from '@/lib/api-client';

/** The multipart field the server reads the images from (at most 3). */
export const APPLICATION_IMAGES_FIELD = 'images';

export const applicationKeys = {
  mine: (token: string | null) => ['content', 'applications', token] as const,
};

/** GET /wps/promotions/applications: the member's applications, newest first. */
export const myApplicationsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: applicationKeys.mine(token),
    queryFn: ({ signal }) => apiRequest('myApplications', { signal }),
    enabled: !!token,
  });

export function useMyApplications() {
  const { token } = useSession();
  return useQuery(myApplicationsQueryOptions(token));
}

export interface ApplicationInput {
  comment: string;
  images: File[];
}

/** POST /wps/promotions/:id/applications (multipart: comment, images). */
export const applyForPromotion = (promotionId: string, input: ApplicationInput) => {
  const form = new FormData();
  form.append('comment', input.comment);
  for (const image of input.images) form.append(APPLICATION_IMAGES_FIELD, image);
  return apiRequest('applyPromotion', { params: { id: promotionId }, form });
};

/** Puts the answer in the member's list, so the promotion shows its new state at once. */
function useKeepApplication() {
  const client = useQueryClient();
  const { token } = useSession();
  return (answer: PromotionApplication) => {
    client.setQueryData<PromotionApplication[]>(applicationKeys.mine(token), (list = []) => [
      answer,
      ...list.filter((item) => item.id !== answer.id),
    ]);
    void client.invalidateQueries({ queryKey: applicationKeys.mine(token) });
  };
}

export function useApplyForPromotion(promotionId: string) {
  const keep = useKeepApplication();
  return useMutation({
    mutationFn: (input: ApplicationInput) => applyForPromotion(promotionId, input),
    onSuccess: keep,
  });
}

/** POST /wps/promotions/applications/:id/claim: the approved bonus moves to the bonus account. */
export function useClaimApplication() {
  const keep = useKeepApplication();
  const client = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (id: string) => apiRequest('claimApplication', { params: { id } }),
    onSuccess: (answer) => {
      keep(answer);
      // The balance also arrives over the socket; the wallet's lists are stale either way.
      void client.invalidateQueries({ queryKey: walletKeys.all(token) });
    },
  });
}
