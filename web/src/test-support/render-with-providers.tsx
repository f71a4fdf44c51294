import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import englishMessages from '../../public/assets/locale/locale.constant-en_US.json';

export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders a component the way the console does: English messages and a fresh query client (or one a test has filled). */
export function renderWithProviders(element: ReactElement, queryClient = testQueryClient()) {
  return render(
    <QueryClientProvider client={queryClient}>
      <IntlProvider locale="en-US" messages={englishMessages}>
        {element}
      </IntlProvider>
    </QueryClientProvider>,
  );
}
