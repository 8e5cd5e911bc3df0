import { Alert, Anchor, Badge, Button, Card, Group, Progress, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconBulb, IconCar, IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { CODE_STATUS_LABELS } from '../../../shared/diagnostics.ts';
import { DTC_SEVERITY_LABELS } from '../../../shared/dtc.ts';
import { SeverityBadge, type SeverityLabel } from './SeverityBadge.tsx';
import type { SessionView, ViewCode } from './session-view.ts';

const SEVERITIES: SeverityLabel[] = ['Critical', 'Warning', 'Info'];
type Filter = 'All' | SeverityLabel;

export const severityOf = (code: ViewCode): SeverityLabel | null => (code.severity ? DTC_SEVERITY_LABELS[code.severity] : null);

/** Said on every tab while there is nothing to show, so no figure passes for a reading. */
export function NoSession() {
  return (
    <Text size="sm" c="dimmed" data-testid="no-session">
      No diagnostic session yet. Connect an adapter or enter codes on the OBD Scanner tab, or choose a saved session above.
    </Text>
  );
}

function ClearedNote({ clearedAt }: { clearedAt: Date }) {
  return (
    <Alert color="blue" variant="light" icon={<IconEraser size={18} />} title="Codes cleared" data-testid="session-cleared">
      The codes were cleared from the car on {new Date(clearedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}. The session keeps what was found before.
    </Alert>
  );
}

/** The Error Codes tab's list: the session's codes by severity, each opening its explanation above. */
export function SessionCodes({ view, onExplain }: { view: SessionView | null; onExplain: (code: string) => void }) {
  const [filter, setFilter] = useState<Filter>('All');
  if (!view) return <NoSession />;
  const shown = filter === 'All' ? view.codes : view.codes.filter((c) => severityOf(c) === filter);
  return (
    <Stack gap="md">
      {view.clearedAt ? <ClearedNote clearedAt={view.clearedAt} /> : null}
      <SegmentedControl aria-label="Filter by severity" value={filter} onChange={(value) => setFilter(value as Filter)} data={['All', ...SEVERITIES]} style={{ alignSelf: 'flex-start' }} />
      {view.codes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No trouble codes in this session.
        </Text>
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No {filter.toLowerCase()} codes in this session.
        </Text>
      ) : (
        shown.map((code) => {
          const severity = severityOf(code);
          return (
            <Card key={`${code.code}:${code.status}`} withBorder padding="md" data-testid="session-code">
              <Stack gap="xs">
                <Group gap="sm" wrap="wrap">
                  <Title order={3} size="h4" ff="monospace">
                    {code.code}
                  </Title>
                  {severity ? <SeverityBadge severity={severity} /> : null}
                  <Badge variant="outline" color="gray">
                    {CODE_STATUS_LABELS[code.status]}
                  </Badge>
                </Group>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {code.title ?? 'Looking up…'}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <IconCar size={16} aria-hidden style={{ flexShrink: 0 }} />
                  {code.component && view.vehicleId ? (
                    <Anchor component={Link} href={`/?vehicle=${view.vehicleId}&component=${encodeURIComponent(code.component)}`} size="sm">
                      Show the {code.component.toLowerCase()} on the vehicle diagram
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {code.component ? `On the vehicle diagram: ${code.component}` : 'Not drawn on the vehicle diagram'}
                    </Text>
                  )}
                </Group>
                <Group gap="xs">
                  <Button variant="light" size="xs" leftSection={<IconBook2 size={14} />} onClick={() => onExplain(code.code)}>
                    Explain {code.code}
                  </Button>
                  <Button component={Link} href={`/knowledge?q=${encodeURIComponent(code.code)}`} variant="subtle" size="xs">
                    Knowledge about {code.code}
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })
      )}
    </Stack>
  );
}

/** What each monitor tests, in a sentence. */
const MONITOR_HINTS: Record<string, string> = {
  misfire: 'Watches crankshaft speed for cylinders that do not fire.',
  'fuel-system': 'Checks the fuel trims stay within the range the computer can correct.',
  'comprehensive-components': 'Checks the sensors and actuators for circuits out of range.',
  catalyst: 'Compares the oxygen sensors before and after the catalytic converter.',
  'heated-catalyst': 'Checks the catalyst heater warms it up in time.',
  'evaporative-system': 'Tests the fuel vapour system for leaks, the fuel cap included.',
  'secondary-air-system': 'Checks the air pump that helps a cold engine clean its exhaust.',
  'oxygen-sensor': 'Tests how quickly the oxygen sensors respond.',
  'oxygen-sensor-heater': 'Checks the oxygen sensor heaters reach temperature.',
  'egr-system': 'Checks exhaust gas recirculation flow.',
  'egr-and-or-vvt-system': 'Checks exhaust gas recirculation and variable valve timing.',
  'particulate-filter': 'Checks the diesel particulate filter and its regeneration.',
  'nox-scr-aftertreatment': 'Checks the NOx reduction (SCR, AdBlue) system.',
};

/** The System Tests tab: the readiness monitors the session read, and the warning light. */
export function SessionReadiness({ view }: { view: SessionView | null }) {
  if (!view) return <NoSession />;
  const complete = view.readiness.filter((m) => m.complete).length;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <IconBulb size={18} color={view.milOn ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-gray-5)'} aria-hidden />
        <Text size="sm" data-testid="session-mil">
          {view.milOn === null ? 'Check-engine light not noted' : view.milOn ? 'Check-engine light on' : 'Check-engine light off'}
        </Text>
      </Group>
      {view.clearedAt ? <ClearedNote clearedAt={view.clearedAt} /> : null}
      {view.readiness.length === 0 ? (
        <Text size="sm" c="dimmed">
          {view.source === 'manual'
            ? 'Readiness monitors are read from the car by an adapter; this session was entered by hand.'
            : 'The car reported no readiness monitors.'}
        </Text>
      ) : (
        <>
          <Stack gap={4}>
            <Text size="sm" data-testid="session-readiness">
              {complete} of {view.readiness.length} monitors complete{view.clearedAt ? ' when read, before the codes were cleared' : ''}
            </Text>
            <Progress value={(complete / view.readiness.length) * 100} size="sm" aria-label="Monitors complete" color={complete === view.readiness.length ? 'green' : 'yellow'} />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {view.readiness.map((m) => (
              <Card key={m.key} withBorder padding="md" data-testid="session-monitor">
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <Title order={3} size="h5">
                      {m.label}
                    </Title>
                    <Badge variant="light" color={m.complete ? 'green' : 'yellow'} style={{ flexShrink: 0 }}>
                      {m.complete ? 'Complete' : 'Not complete'}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {MONITOR_HINTS[m.key] ?? 'A self-test the engine computer runs while driving.'}
                    {m.complete ? '' : ' It has not finished since codes were last cleared: it needs more driving.'}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
