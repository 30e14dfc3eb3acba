import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queueCountsKey } from '@/features/queues';
import { apiRequest, type Answer } from '@/lib/api-client';

export type AdminWithdrawal = Answer<'adminWithdrawals'>['list'][number];
export type RiskFlag = AdminWithdrawal['riskFlags'][number];

/**
 * The queue's tabs: `awaiting_second` (a first approval given) and `held` (on hold for review) are the
 * server's views of pending withdrawals; the rest are withdrawal statuses.
 */
export const withdrawalTabs = [
  'pending',
  'awaiting_second',
  'held',
  'paid',
  'received',
  'rejected',
  'not_received',
] as const;

export function useWithdrawals(status: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['adminWithdrawals', status, page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest('adminWithdrawals', { query: { status, pageNo: page, pageSize }, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useWithdrawal(id: string) {
  return useQuery({
    queryKey: ['adminWithdrawal', id],
    queryFn: ({ signal }) => apiRequest('adminWithdrawal', { params: { id }, signal }),
  });
}

/** Approve, reject, hold and release; each asks the queue, the withdrawal and the counts again. */
export function useDecideWithdrawal(id: string) {
  const client = useQueryClient();
  const onSuccess = (answer: AdminWithdrawal) => client.setQueryData(['adminWithdrawal', id], answer);
  const onSettled = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['adminWithdrawals'] }),
      client.invalidateQueries({ queryKey: ['adminWithdrawal', id] }),
      client.invalidateQueries({ queryKey: queueCountsKey }),
    ]);
  };
  return {
    approve: useMutation({
      mutationFn: (payoutReference: string) =>
        apiRequest('adminApproveWithdrawal', { params: { id }, body: { payoutReference } }),
      onSuccess,
      onSettled,
    }),
    reject: useMutation({
      mutationFn: (reason: string) =>
        apiRequest('adminRejectWithdrawal', { params: { id }, body: { reason } }),
      onSuccess,
      onSettled,
    }),
    hold: useMutation({
      mutationFn: (reason: string) => apiRequest('adminHoldWithdrawal', { params: { id }, body: { reason } }),
      onSuccess,
      onSettled,
    }),
    release: useMutation({
      mutationFn: (reason: string) =>
        apiRequest('adminReleaseWithdrawal', { params: { id }, body: { reason } }),
      onSuccess,
      onSettled,
    }),
  };
}
