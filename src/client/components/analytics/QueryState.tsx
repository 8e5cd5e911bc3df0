import { Alert, Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/trpc.ts';

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/** Skeletons while a tab's figures load, the server's message when they fail, else the tab. */
export function QueryState<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  if (query.error) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load the figures">
        <Stack gap="sm" align="flex-start">
          {errorMessage(query.error, 'Please try again.')}
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (query.isPending || query.data === undefined) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading figures">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={92} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton h={280} radius="md" />
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}
