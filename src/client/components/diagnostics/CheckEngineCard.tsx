import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconEngine } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { DTC_FORMAT_MESSAGE } from '../../../shared/dtc.ts';
import { isDtc, normaliseDtc } from '../../../shared/obd/codes.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { CodeDetail } from './CodeLookup.tsx';

/**
 * "Check engine light?" on the owner's home (docs/obd.md#check-engine-light): a code typed from a
 * scanner or read by the OBD Scanner becomes a plain explanation, its severity, whether to keep
 * driving, and a way to ask a shop about it with the code attached.
 */
import { TroubleCodeInput } from './TroubleCodeInput.tsx';
export function CheckEngineCard() {
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lookup = trpc.dtc.lookup.useQuery({ code: code ?? '' }, { enabled: code !== null, retry: false, staleTime: Infinity });

  const explain = () => {
    const normal = normaliseDtc(typed);
    if (!isDtc(normal)) {
      setError(DTC_FORMAT_MESSAGE);
      setCode(null);
      return;
    }
    setError(null);
    setCode(normal);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label="Check engine light?">
      <Stack gap="sm">
        <Group gap="xs">
          <IconEngine size={22} color="var(--mantine-color-orange-6)" aria-hidden />
          <Title order={2} size="h4">
            Check engine light?
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Enter the code a scanner or a parts store read from your car (for example P0420) to see what it means, how serious it is and whether you can keep driving.
        </Text>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            explain();
          }}
        >
          <Group align="flex-start" gap="xs">
            <TroubleCodeInput value={typed} onChange={setTyped} error={error} />
            <Button type="submit" mt={25}>
              Explain
            </Button>
          </Group>
        </form>
        {code !== null && lookup.isPending ? <Loader size="sm" aria-label="Looking up the code" /> : null}
        {lookup.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(lookup.error, 'The code could not be looked up. Try again.')}
          </Alert>
        ) : null}
        {code !== null && lookup.data ? (
          <Stack gap="sm">
            <CodeDetail lookup={lookup.data} role="simple" />
            <Group>
              <Button component={Link} href={`/requests?find&code=${encodeURIComponent(lookup.data.code)}`} variant="light" leftSection={<IconBuildingStore size={16} />}>
                Ask a shop about {lookup.data.code}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
