import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { createQueryClient } from '../../api/query-client';

/**
 * A public page that asks with React Query (the password pages: their calls and the password
 * policy), under a client of its own: the console's comes with the signed-in shell, and the
 * sign-in page, which most visits open, loads without React Query (issue 29).
 */
export function withQueryClient(Page: ComponentType): ComponentType {
  return function PageWithQueryClient() {
    const [queryClient] = useState(createQueryClient);
    return (
      <QueryClientProvider client={queryClient}>
        <Page />
      </QueryClientProvider>
    );
  };
}
