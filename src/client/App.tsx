import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { useState } from 'react';
import superjson from 'superjson';
import { TOAST_LIMIT } from '../shared/constants.ts';
import { AppRoot } from './AppRoot.tsx';
import { cssVariablesResolver, theme, vtThemeManager } from './lib/theme.ts';
import { trpc } from './lib/trpc.ts';

function makeQueryClient(): QueryClient {
  // No retries, no refetch on focus, data never stale unless invalidated
  // (docs/screens.md#common-behaviour).
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    trpc.createClient({ links: [httpBatchLink({ url: '/trpc', transformer: superjson })] }),
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
          <AppRoot />
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
