import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { useState } from 'react';
import superjson from 'superjson';
import { TOAST_LIMIT } from '../shared/constants.ts';
import { AppRoot } from './AppRoot.tsx';
import { AppErrorBoundary } from './components/shell/ErrorBoundary.tsx';
import { cssVariablesResolver, theme, vtThemeManager } from './lib/theme.ts';
import { observedFetch } from './lib/connection.ts';
import { trpc } from './lib/trpc.ts';

function makeQueryClient(): QueryClient {
  // No retries, no refetch on focus, data never stale unless invalidated
  // (docs/screens.md#common-behaviour).
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
      // A write tried offline fails at once with a clear "not saved" (decision 109) instead of
      // waiting, paused and unseen, for the network.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    trpc.createClient({ links: [httpBatchLink({ url: '/trpc', transformer: superjson, fetch: observedFetch })] }),
  );
  const [colorSchemeManager] = useState(vtThemeManager);

  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <Notifications limit={TOAST_LIMIT} position="bottom-right" />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <AppErrorBoundary>
            <AppRoot />
          </AppErrorBoundary>
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
