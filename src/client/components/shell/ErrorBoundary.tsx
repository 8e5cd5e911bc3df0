import { Alert, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { appName } from '../../lib/app-name.ts';
import { useConnection } from '../../lib/connection.ts';
import { isChunkLoadError, retryFailedChunks } from '../../lib/lazy-page.tsx';

interface BoundaryProps {
  children: ReactNode;
  /** What shows instead of the children after an error, with a way to try them again. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  /** A change of this value (the address) clears an error: another page gets its own chance. */
  resetKey?: string;
}

/**
 * Catches what a page throws while rendering, so one page's failure (a chunk that did not arrive,
 * a bug) leaves the shell, its navigation and the connection status on screen instead of a blank
 * window (docs/screens.md#offline).
 */
class Boundary extends Component<BoundaryProps, { error: unknown; key: string | undefined }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string | undefined }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  retry = () => {
    retryFailedChunks();
    this.setState({ error: null });
  };

  override render() {
    return this.state.error === null ? this.props.children : this.props.fallback(this.state.error, this.retry);
  }
}

/** A failed chunk is tried again by itself when the connection comes back (not while it stays up). */
function RetryWhenOnline({ retry }: { retry: () => void }) {
  const online = useConnection() === 'online';
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) retry();
  }, [online, retry]);
  return null;
}

function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  const chunk = isChunkLoadError(error);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={chunk ? 'This page could not be loaded' : 'This page stopped working'} role="alert">
      <Stack gap="sm">
        <Text size="sm">
          {chunk
            ? 'Part of the app did not arrive. It loads by itself when the connection is back, or try again now.'
            : 'Something on this page went wrong. Your saved data is safe; try again, or go to another page.'}
        </Text>
        <Group>
          <Button size="xs" variant="default" onClick={retry}>
            Try again
          </Button>
        </Group>
      </Stack>
      {chunk ? <RetryWhenOnline retry={retry} /> : null}
    </Alert>
  );
}

/** Around the pages inside a shell: the error shows where the page would. */
export function PageErrorBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  return (
    <Boundary resetKey={resetKey} fallback={(error, retry) => <PageError error={error} retry={retry} />}>
      {children}
    </Boundary>
  );
}

/** Around the whole app: the last resort, with a reload. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <Boundary
      fallback={(error) => (
        <Center mih="100vh" p="md">
          <Stack align="center" gap="sm" role="alert" maw={420}>
            <Title order={2}>{isChunkLoadError(error) ? `${appName} could not be loaded` : 'Something went wrong'}</Title>
            <Text c="dimmed" ta="center">
              Your saved data is safe. Reload the page to continue.
            </Text>
            <Button onClick={() => window.location.reload()}>Reload</Button>
          </Stack>
        </Center>
      )}
    >
      {children}
    </Boundary>
  );
}
