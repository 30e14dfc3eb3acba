import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Queues and figures change under staff's eyes: shorter than the player site's minute.
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        // A refusal (403, bad input) will not change by asking again; a dropped connection may.
        retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.code === 'NETWORK'),
      },
    },
  });
}
