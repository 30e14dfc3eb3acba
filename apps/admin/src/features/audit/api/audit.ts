import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type RequestInput } from '@/lib/api-client';

export type AuditQuery = NonNullable<RequestInput<'adminAudit'>['query']>;

/** GET /wps/admin/audit: one page of the audit, newest first, filtered. */
export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => apiRequest('adminAudit', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
