import { Alert, Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CODE_STATUS_LABELS, type DiagnosticSession, type Reading } from '../../../shared/diagnostics.ts';
import { DTC_SEVERITY_LABELS } from '../../../shared/dtc.ts';
import { appName } from '../../lib/app-name.ts';
import { useUnits } from '../../lib/units.ts';
import { TableHead } from '../TableHead.tsx';
import { useStoredReading } from './format-reading.ts';
import { SeverityBadge } from './SeverityBadge.tsx';

const when = (date: Date) => new Date(date).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Readings({ title, readings, empty }: { title: string; readings: Reading[]; empty: string }) {
  const shown = useStoredReading();
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {readings.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table withTableBorder>
          <Table.Tbody>
            {readings.map((reading) => {
              const { label, text } = shown(reading);
              return (
                <Table.Tr key={reading.key}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {text}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * A diagnostic session as a document (docs/screens.md#diagnostic-tools): whose vehicle, when, who ran
 * it, what the car reported and what became of the codes; laid out for paper and for a phone.
 */
export function SessionReport({ session }: { session: DiagnosticSession }) {
  const f = useUnits();
  const complete = session.readiness.filter((m) => m.complete).length;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Diagnostic Session</Title>
        <Text c="dimmed" data-testid="report-vehicle">
          {session.vehicleLabel}
          {session.customerName ? ` · ${session.customerName}` : ''}
          {session.vin ? ` · VIN ${session.vin}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {appName} · printed {new Date().toLocaleDateString(f.units.locale, { dateStyle: 'long' })}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label="Date">{when(session.createdAt)}</Fact>
        <Fact label="Ran by">{session.ranBy ?? 'Not recorded'}</Fact>
        <Fact label="Shop">{session.serviceCenterName ?? 'Owner\u2019s own scan'}</Fact>
        <Fact label="Mileage">{session.mileage === null ? 'Not recorded' : f.distance(session.mileage)}</Fact>
        <Fact label="Check-engine light">{session.milOn === null ? 'Not noted' : session.milOn ? 'On' : 'Off'}</Fact>
        <Fact label="Battery">{session.voltage === null ? 'Not measured' : `${f.number(session.voltage, 1)} V`}</Fact>
        <Fact label="Read with">{session.source === 'manual' ? 'Entered by hand' : (session.adapter ?? 'An OBD-II adapter')}</Fact>
        {session.protocol ? <Fact label="Protocol">{session.protocol}</Fact> : null}
      </SimpleGrid>
      {session.clearedAt ? (
        <Alert color="blue" variant="light" title="Codes cleared" data-testid="report-cleared">
          The codes below were cleared from the car on {when(session.clearedAt)}, with the freeze frame and the readiness monitors.
        </Alert>
      ) : null}

      <Stack gap="xs" component="section" aria-label="Trouble codes">
        <Title order={2} size="h4">
          Trouble codes
        </Title>
        {session.codes.length === 0 ? (
          <Text size="sm">The car reported no trouble codes.</Text>
        ) : (
          <Table withTableBorder verticalSpacing="xs">
            <TableHead columns={['Code', 'What it means']} />
            <Table.Tbody>
              {session.codes.map((c) => (
                <Table.Tr key={`${c.code}:${c.status}`} data-testid="report-code">
                  <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    <Text ff="monospace" fw={700} size="sm">
                      {c.code}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {CODE_STATUS_LABELS[c.status]}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {c.title}
                    </Text>
                    <Group gap="xs" mt={4}>
                      {c.severity ? <SeverityBadge severity={DTC_SEVERITY_LABELS[c.severity]} /> : null}
                      {c.component ? (
                        <Text size="xs" c="dimmed">
                          On the vehicle diagram: {c.component}
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-label="Readiness monitors">
        <Title order={2} size="h4">
          Readiness monitors
        </Title>
        {session.readiness.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not read{session.source === 'manual' ? ': the codes were entered by hand' : ''}.
          </Text>
        ) : (
          <>
            <Text size="sm">
              {complete} of {session.readiness.length} complete
            </Text>
            <Table withTableBorder>
              <Table.Tbody>
                {session.readiness.map((m) => (
                  <Table.Tr key={m.key}>
                    <Table.Td>{m.label}</Table.Td>
                    <Table.Td ta="right">
                      <Badge variant="light" color={m.complete ? 'green' : 'yellow'}>
                        {m.complete ? 'Complete' : 'Not complete'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Readings title="Live data" readings={session.live} empty="No live values were saved." />
        <Readings title="Freeze frame" readings={session.freezeFrame} empty="The car kept no freeze frame." />
      </SimpleGrid>

      {session.notes ? (
        <Stack gap="xs" component="section" aria-label="Notes">
          <Title order={2} size="h4">
            Notes
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {session.notes}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
