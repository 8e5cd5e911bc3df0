import { Accordion, ActionIcon, Alert, Badge, Button, Card, Group, List, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCamera, IconClipboardCheck, IconFileReport, IconHistory, IconPaperclip, IconPlus, IconPointer } from '@tabler/icons-react';
import { useState } from 'react';
import type { Role } from '../../../shared/constants.ts';
import { worstUrgency } from '../../../shared/due.ts';
import { type DueItem } from '../../../shared/garage.ts';
import type { ComponentServiceRecord, VehicleComponent } from '../../../shared/vehicles.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';
import { RecordFiles } from '../files/RecordFiles.tsx';
import { swatch } from './swatches.ts';
import { RecordForm } from '../garage/RecordForm.tsx';
import { ownKey, useRecordTargets } from '../garage/use-record-targets.ts';

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

function ServiceHistoryModal({
  component,
  opened,
  onClose,
}: {
  component: VehicleComponent;
  opened: boolean;
  onClose: () => void;
}) {
  const records = trpc.vehicles.serviceRecords.useQuery(
    { vehicleId: component.vehicleId, componentId: component.id },
    { enabled: opened },
  );
  // A vehicle in the user's garage takes a new record right here.
  const garage = trpc.garage.list.useQuery(undefined, { enabled: opened });
  // A vehicle shared to view only takes no records.
  const inGarage = garage.data?.some((entry) => entry.vehicle.id === component.vehicleId && entry.access !== 'viewer') ?? false;
  const { targets } = useRecordTargets();
  const [adding, setAdding] = useState(false);
  // The receipts and photos of one record, shown in place of the list (as the records page shows them).
  const [filesOf, setFilesOf] = useState<ComponentServiceRecord | null>(null);
  const f = useUnits();
  const day = (record: ComponentServiceRecord) => f.day(record.date.toISOString().slice(0, 10));
  const close = () => {
    setAdding(false);
    setFilesOf(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={adding ? `Add Service Record: ${component.name}` : filesOf ? `Receipts and photos: ${filesOf.serviceType}, ${day(filesOf)}` : `Service History: ${component.name}`}
      size="lg"
    >
      {filesOf ? (
        <Stack gap="sm">
          <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={() => setFilesOf(null)} style={{ alignSelf: 'flex-start' }}>
            Back to the history
          </Button>
          <RecordFiles recordId={filesOf.id} />
        </Stack>
      ) : inGarage && !adding ? (
        <Button leftSection={<IconPlus size={16} />} size="compact-md" mb="sm" onClick={() => setAdding(true)}>
          Add record
        </Button>
      ) : null}
      {filesOf ? null : adding ? (
        <RecordForm
          targets={targets}
          initial={{ targetKey: ownKey(component.vehicleId), componentId: component.id }}
          onDone={() => setAdding(false)}
          onCancel={() => setAdding(false)}
        />
      ) : records.isLoading ? (
        <Stack gap="xs">
          <Skeleton h={20} />
          <Skeleton h={20} />
        </Stack>
      ) : records.error ? (
        <Alert color="red" title="Could not load the service history">
          {errorMessage(records.error, 'Please try again.')}
        </Alert>
      ) : (records.data ?? []).length === 0 ? (
        <Stack align="center" gap={4} py="lg">
          <IconHistory size={32} aria-hidden />
          <Text fw={600}>No service records yet</Text>
          <Text size="sm" c="dimmed" ta="center">
            Services recorded for this {component.name.toLowerCase()} will be listed here.
          </Text>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label={`Service records for ${component.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Service</Table.Th>
                <Table.Th>Mileage</Table.Th>
                <Table.Th>Notes</Table.Th>
                <Table.Th>Files</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(records.data ?? []).map((record) => (
                <Table.Tr key={record.id}>
                  <Table.Td>{day(record)}</Table.Td>
                  <Table.Td>{record.serviceType}</Table.Td>
                  <Table.Td>{record.mileageValue !== null ? f.distance(record.mileageValue) : (record.mileage ?? '-')}</Table.Td>
                  <Table.Td>{record.description ?? ''}</Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" onClick={() => setFilesOf(record)} aria-label={`Receipts and photos of ${record.serviceType} of ${day(record)}`}>
                      <IconPaperclip size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}

/**
 * The chosen component: Simple Mode leads with the plain-language description (specifications
 * folded away), Tech Mode with the technical specifications and every known issue.
 */
export function ComponentDetails({ component, role, due = [] }: { component: VehicleComponent | null; role: Role; due?: readonly DueItem[] }) {
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
                borderRadius: '50%',
                flexShrink: 0,
                background: swatch(component.diagramPosition.color).fill,
              }}
            />
            <Title order={3} size="h4">
              {component.name}
            </Title>
          </Group>
          {urgency === 'overdue' || urgency === 'due' ? (
            <Badge color={urgency === 'overdue' ? 'red' : 'orange'} variant="light">
              {urgency === 'overdue' ? 'Service Overdue' : 'Service Due'}
            </Badge>
          ) : (
            <Badge color="green" variant="light">
              Good Condition
            </Badge>
          )}
        </Group>
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

/** These actions have no behaviour in this release (docs/vehicles.md#what-a-vehicle-shows). */
export function QuickActions() {
  const actions = [
    { label: 'Create Inspection Report', icon: IconClipboardCheck },
    { label: 'Take Photos', icon: IconCamera },
    { label: 'Generate Report', icon: IconFileReport },
  ];
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="sm">
        Quick Actions
      </Title>
      <Stack gap="xs">
        {actions.map((action) => (
          <Button key={action.label} variant="default" justify="flex-start" leftSection={<action.icon size={16} />}>
            {action.label}
          </Button>
        ))}
      </Stack>
    </Card>
  );
}
