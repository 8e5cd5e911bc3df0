import { Alert, Box, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useConnection } from '../../lib/connection.ts';

/** The footer's indicator: the real connection state (docs/screens.md#offline). */
export function ConnectionStatus() {
  const online = useConnection() === 'online';
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid="connection-status">
      <Box w={8} h={8} bg={online ? 'green.6' : 'red.6'} style={{ borderRadius: '50%' }} aria-hidden />
      <Text size="sm" className={online ? 'vt-status-ok' : 'vt-status-offline'} fw={500}>
        {online ? 'Connected' : 'Offline'}
      </Text>
    </Group>
  );
}

/** Above every page while offline: what still works and what does not. */
export function OfflineBanner() {
  const online = useConnection() === 'online';
  if (online) return null;
  return (
    <Alert color="red" variant="light" icon={<IconWifiOff size={18} />} title="You are offline" mb="md">
      Pages you opened before still show; changes cannot be saved until the connection is back.
    </Alert>
  );
}
