import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A refusal (bad input, maintenance, restriction) will not change by asking again.
        retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.code === 'NETWORK'),
      },
    },
  });
}
