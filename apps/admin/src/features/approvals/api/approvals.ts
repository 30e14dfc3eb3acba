import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type Answer } from '@/lib/api-client';

export type StaffApproval = Answer<'adminApprovals'>['items'][number];
export const approvalStates = ['pending', 'confirmed', 'rejected'] as const;

export function useApprovals(state: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['adminApprovals', state, page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest('adminApprovals', {
        query: { state: state as (typeof approvalStates)[number], pageNo: page, pageSize },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function useDecideApproval() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: ['adminApprovals'] });
  return {
    confirm: useMutation({
      mutationFn: (id: string) => apiRequest('adminApprovalConfirm', { params: { id } }),
      onSettled,
    }),
    reject: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        apiRequest('adminApprovalReject', { params: { id }, body: { reason } }),
      onSettled,
    }),
  };
}
