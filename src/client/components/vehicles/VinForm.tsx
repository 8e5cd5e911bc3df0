import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { normalizeVin, VIN_LENGTH, vinProblems } from '../../../shared/vin.ts';
import type { IdentifiedVehicle, PartialDecodeDetails } from '../../../shared/vehicles.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/** The 422 `details` of a decode that found the maker and year but not the model. */
function partialDetails(error: unknown): PartialDecodeDetails | null {
  const details = (error as { data?: { details?: unknown } } | null)?.data?.details;
  if (!details || typeof details !== 'object') return null;
  const { make, manufacturer, year, plantCountry } = details as Record<string, unknown>;
  if (typeof make !== 'string' && typeof year !== 'number') return null;
  return {
    make: typeof make === 'string' ? make : null,
    manufacturer: typeof manufacturer === 'string' ? manufacturer : null,
    year: typeof year === 'number' ? year : null,
    plantCountry: typeof plantCountry === 'string' ? plantCountry : null,
  };
}

export interface VinFormProps {
  onIdentified: (vehicle: IdentifiedVehicle) => void;
  /** A decode that established make and year only: manual selection takes over from there. */
  onPartial: (details: PartialDecodeDetails) => void;
  /** Any decode that did not identify a vehicle: the page stops showing the previous one. */
  onFailed?: () => void;
  description: string;
}

export function VinForm({ onIdentified, onPartial, onFailed, description }: VinFormProps) {
  const [vin, setVin] = useState('');
  const decode = trpc.vehicles.decodeVin.useMutation();
  // Length is shown by the counter and the disabled button; only wrong characters are errors here.
  const characterProblem = vinProblems(vin).find((problem) => !problem.includes('exactly 17 characters'));

  async function submit() {
    if (vin.length !== VIN_LENGTH) {
      notifyError('Invalid VIN', 'VIN must be exactly 17 characters');
      return;
    }
    try {
      const vehicle = await decode.mutateAsync({ vin });
      notifySuccess('VIN Decoded Successfully', `Identified ${vehicle.year} ${vehicle.make} ${vehicle.model}`);
      onIdentified(vehicle);
    } catch (error) {
      notifyError('VIN Decode Failed', errorMessage(error, 'Unable to decode VIN number'));
      onFailed?.();
      const partial = partialDetails(error);
      if (partial) onPartial(partial);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  // A form whose only button is disabled ignores Enter; a short VIN must still get its message.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && vin.length !== VIN_LENGTH) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="vin-form-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id="vin-form-title">
              Decode a VIN
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="VIN"
              placeholder="e.g. 1HGCM82633A004352"
              value={vin}
              onChange={(event) => setVin(normalizeVin(event.currentTarget.value).slice(0, VIN_LENGTH))}
              onKeyDown={onKeyDown}
              error={characterProblem}
              description={`${vin.length}/${VIN_LENGTH} characters`}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.06em' } }}
              style={{ flex: '1 1 16rem' }}
            />
            <Button
              type="submit"
              mt={{ base: 0, xs: 46 }}
              leftSection={<IconScan size={16} />}
              loading={decode.isPending}
              disabled={vin.length !== VIN_LENGTH}
            >
              Decode
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
