import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const MAX_RETRIES = 2;

/**
 * Retries only what a retry can fix: no answer or a server fault. A 4xx is the broker's decision;
 * the HTTP layer has already refreshed an expired token.
 */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
  // A call the broker does not implement stays so.
  if (error instanceof ApiError && error.status === 501) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
