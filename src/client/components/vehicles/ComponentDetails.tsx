import { Accordion, Alert, Anchor, Badge, Box, Button, Card, Group, Image, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconHistory, IconPointer } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Role } from '../../../shared/constants.ts';
import { worstUrgency } from '../../../shared/due.ts';
import { type DueItem } from '../../../shared/garage.ts';
import { CONDITION_COLORS, CONDITION_LABELS, type ComponentCondition } from '../../../shared/inspections.ts';
import type { VehicleComponent } from '../../../shared/vehicles.ts';
import { useUnits } from '../../lib/units.ts';
import { ServiceHistoryModal } from './ServiceHistoryModal.tsx';
import { swatch } from './swatches.ts';
import { CONDITION_RADIUS, CONDITION_SWATCHES } from './VehicleDiagram.tsx';

function KeyValueList({ entries, label }: { entries: Record<string, string>; label: string }) {
  const rows = Object.entries(entries);
  if (rows.length === 0) return <Text size="sm" c="dimmed">None recorded</Text>;
  return (
    <Table aria-label={label} verticalSpacing={4} horizontalSpacing="xs" fz="sm" layout="fixed">
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th fw={500} c="dimmed" w="45%" style={{ verticalAlign: 'top' }}>
              {key}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The chosen component: Simple Mode leads with the plain-language description (specifications
 * folded away), Tech Mode with the technical specifications and every known issue.
 */
export function ComponentDetails({
  component,
  role,
  due = [],
  condition,
}: {
  component: VehicleComponent | null;
  role: Role;
  due?: readonly DueItem[];
  /** What the latest inspection found: it replaces the default 'Good Condition'. */
  condition?: ComponentCondition;
}) {
  const urgency = worstUrgency(due.map((item) => item.urgency));
  const [historyOpen, setHistoryOpen] = useState(false);

  if (!component) {
    return (
      <Card withBorder padding="lg" h="100%">
        <Stack align="center" justify="center" gap="xs" h="100%" mih={180}>
          <IconPointer size={32} aria-hidden />
          <Text ta="center" c="dimmed">
            Click on a component in the diagram to view detailed information
          </Text>
        </Stack>
      </Card>
    );
  }

  const [firstIssue, ...otherIssues] = component.commonIssues;
  const tech = role === 'tech';
  return (
    <Card withBorder padding="lg" aria-label={`${component.name} details`} component="section">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 14,
                height: 14,
                borderRadius: condition ? CONDITION_RADIUS : '50%',
                flexShrink: 0,
                background: condition ? CONDITION_SWATCHES[condition.status].fill : swatch(component.diagramPosition.color).fill,
              }}
            />
            <Title order={3} size="h4">
              {component.name}
            </Title>
          </Group>
          <Group gap={4} justify="flex-end">
            {condition ? (
              <Badge color={CONDITION_COLORS[condition.status]} variant="light">
                {CONDITION_LABELS[condition.status]}
              </Badge>
            ) : null}
            {/* Service due is a different question from what an inspection saw: both show when both apply. */}
            {urgency === 'overdue' || urgency === 'due' ? (
              <Badge color={urgency === 'overdue' ? 'red' : 'orange'} variant="light">
                {urgency === 'overdue' ? 'Service Overdue' : 'Service Due'}
              </Badge>
            ) : condition ? null : (
              <Badge color="green" variant="light">
                Good Condition
              </Badge>
            )}
          </Group>
        </Group>
        {condition ? <Finding condition={condition} /> : null}
        {tech ? (
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {component.category}
          </Text>
        ) : component.description ? (
          <Text size="sm">{component.description}</Text>
        ) : null}

        {tech ? (
          <Stack gap={4}>
            <Title order={4} size="h6">
              Specifications
            </Title>
            <KeyValueList entries={component.specifications} label={`${component.name} specifications`} />
          </Stack>
        ) : (
          <Accordion variant="contained" chevronPosition="right">
            <Accordion.Item value="specifications">
              <Accordion.Control>Specifications</Accordion.Control>
              <Accordion.Panel>
                <KeyValueList entries={component.specifications} label={`${component.name} specifications`} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}

        <Stack gap={4}>
          <Title order={4} size="h6">
            Service Intervals
          </Title>
          <KeyValueList entries={component.serviceIntervals} label={`${component.name} service intervals`} />
        </Stack>

        {firstIssue ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Common issue">
            {firstIssue}
          </Alert>
        ) : null}
        {tech && otherIssues.length > 0 ? (
          <Stack gap={4}>
            <Title order={4} size="h6">
              Other known issues
            </Title>
            <List size="sm" spacing={2}>
              {otherIssues.map((issue) => (
                <List.Item key={issue}>{issue}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}

        <Button variant="light" leftSection={<IconHistory size={16} />} onClick={() => setHistoryOpen(true)}>
          Service History
        </Button>
      </Stack>
      <ServiceHistoryModal component={component} opened={historyOpen} onClose={() => setHistoryOpen(false)} />
    </Card>
  );
}

/** The item that gave the component its colour: its photo, name and date, and the way to the inspection. */
function Finding({ condition }: { condition: ComponentCondition }) {
  const f = useUnits();
  const day = f.day(dayjs(condition.inspectedAt).format('YYYY-MM-DD'));
  return (
    <Box
      p="xs"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderLeft: `4px solid ${CONDITION_SWATCHES[condition.status].fill}`,
        borderRadius: 'var(--mantine-radius-md)',
      }}
      data-testid="inspection-finding"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {condition.photoId ? (
          <Image src={`/api/files/${condition.photoId}/thumbnail`} alt={`Photo of ${condition.itemName}`} w={64} h={64} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
        ) : null}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {condition.itemName}
          </Text>
          <Text size="xs" c="dimmed">
            {CONDITION_LABELS[condition.status]} · inspected {day}
          </Text>
          <Anchor component={Link} href={`/inspections/${condition.inspectionId}`} size="sm">
            View the inspection
          </Anchor>
        </Stack>
      </Group>
    </Box>
  );
}
