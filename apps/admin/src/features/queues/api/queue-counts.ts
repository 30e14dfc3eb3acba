import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callExists, mayCall } from '@/lib/access';
import { apiRequest } from '@/lib/api-client';
import { useStaffSession } from '@/lib/session';

/** How often the menu asks for the queues' counts. */
export const QUEUE_COUNTS_INTERVAL_MS = 15_000;
export const queueCountsKey = ['adminQueueCounts'] as const;

/**
 * The money queues' counts (GET /wps/admin/queue-counts), polled every 15 s for staff who may see
 * them; one query shared by the menu's badges and the open queue.
 */
export function useQueueCounts() {
  const session = useStaffSession();
  const enabled = callExists('adminQueueCounts') && mayCall(session?.roles ?? [], 'adminQueueCounts');
  return useQuery({
    queryKey: queueCountsKey,
    queryFn: ({ signal }) => apiRequest('adminQueueCounts', { signal }),
    enabled,
    refetchInterval: QUEUE_COUNTS_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  });
}

/**
 * Calls `onChange` when a count changes after the first answer (a new deposit or withdrawal came in,
 * or another member of staff decided one), so the open queue asks for its rows again.
 */
export function useOnCountChange(value: number | undefined, onChange: () => void): void {
  const last = useRef<number | undefined>(undefined);
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    if (value === undefined) return;
    if (last.current !== undefined && last.current !== value) callback.current();
    last.current = value;
  }, [value]);
}
