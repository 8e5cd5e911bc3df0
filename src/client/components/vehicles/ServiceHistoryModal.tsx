import { ActionIcon, Alert, Button, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconHistory, IconPaperclip, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { ComponentServiceRecord, VehicleComponent } from '../../../shared/vehicles.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';
import { RecordFiles } from '../files/RecordFiles.tsx';
import { RecordForm } from '../garage/RecordForm.tsx';
import { ownKey, useRecordTargets } from '../garage/use-record-targets.ts';
import { TableHead } from '../TableHead.tsx';

/** A component's service records, with a new record right here for a vehicle the user keeps. */
export function ServiceHistoryModal({
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
            <TableHead columns={['Date', 'Service', 'Mileage', 'Notes', 'Files']} />
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
