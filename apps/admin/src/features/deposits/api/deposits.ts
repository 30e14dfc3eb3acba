import { headers } from '@platform/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queueCountsKey } from '@/features/queues';
import { ApiError, apiRequest, type Answer } from '@/lib/api-client';
import { currentStaffToken } from '@/lib/session';

export type AdminDeposit = Answer<'adminDeposits'>['list'][number];
export type AdminDepositDetail = Answer<'adminDeposit'>;

export const depositStatuses = ['pending', 'credited', 'rejected', 'expired'] as const;

export function useDeposits(status: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['adminDeposits', status, page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest('adminDeposits', { query: { status, pageNo: page, pageSize }, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useDeposit(id: string) {
  return useQuery({
    queryKey: ['adminDeposit', id],
    queryFn: ({ signal }) => apiRequest('adminDeposit', { params: { id }, signal }),
  });
}

/** The staff's path of a deposit's proof (the server's ADMIN_DEPOSIT_PROOF_PATH). */
export const proofPath = (id: string) => `/wps/admin/deposits/${encodeURIComponent(id)}/proof`;

/**
 * The uploaded proof as an object URL: an <img src> cannot send the x-admin-token header, so the
 * image is fetched with it; the URL is let go when the page closes or the deposit changes.
 */
export function useProofImage(id: string, hasProof: boolean) {
  const query = useQuery({
    queryKey: ['adminDepositProof', id],
    enabled: hasProof,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const sent: Record<string, string> = { accept: 'image/*' };
      const token = currentStaffToken();
      if (token) sent[headers.adminToken] = token;
      let response: Response;
      try {
        response = await fetch(proofPath(id), { headers: sent, signal });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new ApiError('NETWORK', 0);
      }
      if (!response.ok) {
        let code: ApiError['code'] = 'INTERNAL';
        try {
          const envelope = (await response.json()) as { code?: ApiError['code'] };
          code = envelope.code ?? code;
        } catch {
          // not an envelope: the status says enough
        }
        throw new ApiError(code, response.status);
      }
      return response.blob();
    },
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const href = URL.createObjectURL(query.data);
    // The object URL is a resource outside React, made here and let go in the cleanup (StrictMode too).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(href);
    return () => {
      URL.revokeObjectURL(href);
      setUrl(null);
    };
  }, [query.data]);
  return { url, status: query.status, error: query.error, refetch: query.refetch };
}

/** Confirm (credit) or reject a deposit; the queue, the deposit and the menu's counts are asked again. */
export function useDecideDeposit(id: string) {
  const client = useQueryClient();
  const settle = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['adminDeposits'] }),
      client.invalidateQueries({ queryKey: ['adminDeposit', id] }),
      client.invalidateQueries({ queryKey: queueCountsKey }),
    ]);
  };
  const confirm = useMutation({
    mutationFn: () => apiRequest('adminConfirmDeposit', { params: { id } }),
    onSettled: settle,
  });
  const reject = useMutation({
    mutationFn: (reason: string) => apiRequest('adminRejectDeposit', { params: { id }, body: { reason } }),
    onSettled: settle,
  });
  return { confirm, reject };
}
