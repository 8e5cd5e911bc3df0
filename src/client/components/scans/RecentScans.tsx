import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { SCAN_RESOLUTION_LABELS, SCAN_TYPE_LABELS, type ScanSessionSummary } from '../../../shared/scans.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { ConfirmDialog, EmptyState, TableSkeleton } from '../shop/parts.tsx';
import { TableHead } from '../TableHead.tsx';
import { ScrollTable } from '../tools/ScrollTable.tsx';
import { SectionCard } from '../tools/SectionCard.tsx';
import { StatusBadge } from './ScanBadges.tsx';

const started = (date: Date) => new Date(date).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The user's scans, newest first (scans.list); choosing one opens it, and one may be deleted to free its photos' storage (docs/scans.md#storage). */
export function RecentScans({ openId, onOpen }: { openId: string | null; onOpen: (id: string | null) => void }) {
  const utils = trpc.useUtils();
  const scans = trpc.scans.list.useQuery({ limit: 20 });
  const [removing, setRemoving] = useState<ScanSessionSummary | null>(null);
  const remove = trpc.scans.delete.useMutation({
    onSuccess: (_, { id }) => {
      if (id === openId) onOpen(null);
      setRemoving(null);
      void utils.scans.list.invalidate();
    },
  });
  const garage = trpc.garage.list.useQuery(undefined, { retry: false });
  const vehicles = new Map<string, string>();
  for (const entry of garage.data ?? []) vehicles.set(entry.vehicle.id, entry.nickname || `${entry.vehicle.year} ${entry.vehicle.make} ${entry.vehicle.model}`);

  let body;
  if (scans.isPending) body = <TableSkeleton columns={7} rows={3} />;
  else if (scans.isError) body = <Text c="red">Your scans could not be loaded. Check the connection and reload the page.</Text>;
  else if (scans.data.length === 0) body = <EmptyState title="No scans yet" hint="Choose the settings above and press Start Scan: your scans are listed here." />;
  else {
    body = (
      <ScrollTable label="Recent scans" minWidth={720}>
        <Table verticalSpacing="sm" highlightOnHover>
          <TableHead columns={['Started', 'Vehicle', 'Status', 'Photos', 'Resolution', 'Type', { label: 'Actions', hidden: true }]} />
          <Table.Tbody>
            {scans.data.map((scan) => {
              const when = started(scan.createdAt);
              return (
                <Table.Tr key={scan.id} aria-current={scan.id === openId ? 'true' : undefined}>
                  <Table.Td fw={500}>{when}</Table.Td>
                  <Table.Td>{scan.vehicleId ? (vehicles.get(scan.vehicleId) ?? 'A vehicle') : '—'}</Table.Td>
                  <Table.Td miw={140}>
                    <StatusBadge status={scan.status} />
                  </Table.Td>
                  <Table.Td>{scan.photoCount}</Table.Td>
                  <Table.Td>{SCAN_RESOLUTION_LABELS[scan.resolution]}</Table.Td>
                  <Table.Td>{SCAN_TYPE_LABELS[scan.scanType]}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {scan.id === openId ? (
                        <Text size="sm" c="dimmed">
                          Shown above
                        </Text>
                      ) : (
                        <Button size="compact-sm" variant="light" onClick={() => onOpen(scan.id)} aria-label={`Open the scan of ${when}`}>
                          Open
                        </Button>
                      )}
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => {
                          remove.reset();
                          setRemoving(scan);
                        }}
                        aria-label={`Delete the scan of ${when}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    );
  }
  return (
    <SectionCard title="Recent Scans" description="Your scans, newest first: open one to add photos, follow its processing or download its model.">
      {body}
      <ConfirmDialog
        target={removing}
        title="Delete Scan"
        message={(scan) => `Delete the scan of ${started(scan.createdAt)} and its ${scan.photoCount} photos? This frees their storage.${scan.resultModelId ? ' The model it made stays among your models.' : ''}`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(scan) => remove.mutate({ id: scan.id })}
        error={remove.isError ? errorMessage(remove.error, 'The scan could not be deleted: check the connection and try again.') : null}
      />
    </SectionCard>
  );
}
