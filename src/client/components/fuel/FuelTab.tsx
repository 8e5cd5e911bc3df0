import { LineChart } from '@mantine/charts';
import { Badge, Button, Card, Group, Menu, Skeleton, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FUEL_PAGE_SIZE, type FuelEntry } from '../../../shared/fuel.ts';
import { chargeEconomyIn, fuelEconomyIn } from '../../../shared/units.ts';
import { toasts } from '../../lib/notify.ts';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { ChartCard } from '../analytics/ChartCard.tsx';
import { Pager } from '../Pager.tsx';
import { useUnits } from '../../lib/units.ts';
import { ConfirmDialog, EmptyState, ShopDialog } from '../shop/parts.tsx';
import { FuelForm } from './FuelForm.tsx';
import { NOTE_TEXT } from './format.ts';

type Overview = RouterOutputs['fuel']['overview'];

function EntryRow({ entry, onEdit, onRemove, readOnly }: { entry: FuelEntry; onEdit: () => void; onRemove: () => void; readOnly: boolean }) {
  const f = useUnits();
  return (
    <Card withBorder padding="sm" component="li" aria-label={`Fill-up of ${entry.date}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm">
            {f.day(entry.date)} · {f.distance(entry.odometer)}
          </Text>
          <Text size="sm">
            {f.quantity(entry.quantity, entry.kind)}
            {entry.totalPrice !== null ? ` · ${f.money(entry.totalPrice)}` : ''}
            {entry.pricePerUnit !== null ? ` (${f.unitPrice(entry.pricePerUnit, entry.kind)})` : ''}
          </Text>
          <Group gap={6}>
            {entry.economy !== null ? (
              <Text size="sm" fw={600} data-testid="fill-economy">
                {f.economy(entry.economy, entry.kind)}
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                {entry.note ? NOTE_TEXT[entry.note] : ''}
              </Text>
            )}
            {entry.outlier ? (
              <Badge color="orange" variant="light" size="sm">
                Outlier
              </Badge>
            ) : null}
            {!entry.fullFill ? (
              <Badge color="gray" variant="light" size="sm">
                Partial
              </Badge>
            ) : null}
            {entry.missedBefore ? (
              <Badge color="yellow" variant="light" size="sm">
                Missed before
              </Badge>
            ) : null}
          </Group>
          {entry.station ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {entry.station}
            </Text>
          ) : null}
        </Stack>
        {readOnly ? null : (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" size="compact-sm" aria-label={`More for the fill-up of ${entry.date}`}>
                <IconDots size={14} />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
                Edit
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onRemove}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Card>
  );
}

/** Economy over time in the user's units: one line for fuel (mpg, L/100 km...) and one for charging (mi/kWh or km/kWh), outliers kept out. */
export function EconomyChart({ overview }: { overview: Overview }) {
  const f = useUnits();
  const fuel = overview.economy.flatMap((p) => {
    const value = p.kind === 'fuel' && !p.outlier ? fuelEconomyIn(p.economy, f.units) : null;
    return value === null ? [] : [{ date: f.day(p.date), [f.economyLabel]: Math.round(value * 100) / 100 }];
  });
  const charge = overview.economy.flatMap((p) => {
    const value = p.kind === 'charge' && !p.outlier ? chargeEconomyIn(p.economy, f.units.distanceUnit) : null;
    return value === null ? [] : [{ date: f.day(p.date), [f.chargeLabel]: Math.round(value * 100) / 100 }];
  });
  const average = overview.averageMpg !== null ? f.economy(overview.averageMpg, 'fuel') : overview.averageMiPerKwh !== null ? f.economy(overview.averageMiPerKwh, 'charge') : null;
  return (
    <ChartCard
      title="Economy over time"
      description={average ? <span data-testid="average-economy">Average {average}</span> : 'Known after two full fills'}
      summary={`Economy of ${fuel.length + charge.length} fills${average ? `, average ${average}` : ''}`}
      empty={fuel.length + charge.length === 0}
    >
      {fuel.length > 0 ? <LineChart h={220} data={fuel} dataKey="date" series={[{ name: f.economyLabel, color: 'blue.6' }]} curveType="linear" withDots /> : null}
      {charge.length > 0 ? <LineChart h={220} data={charge} dataKey="date" series={[{ name: f.chargeLabel, color: 'teal.6' }]} curveType="linear" withDots /> : null}
    </ChartCard>
  );
}

/** `readOnly`: a vehicle shared with the user to view only (docs/garage.md#sharing). */
export function FuelTab({ vehicleId, odometer, overview, readOnly = false }: { vehicleId: string; odometer: number; overview: Overview | undefined; readOnly?: boolean }) {
  const utils = trpc.useUtils();
  const f = useUnits();
  const [page, setPage] = useState(1);
  const log = trpc.fuel.list.useQuery({ vehicleId, limit: FUEL_PAGE_SIZE, offset: (page - 1) * FUEL_PAGE_SIZE });
  const [editing, setEditing] = useState<FuelEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<FuelEntry | null>(null);
  const remove = trpc.fuel.remove.useMutation(
    toasts({
      done: 'Fill-up deleted',
      failed: 'Failed to delete the fill-up',
      then: () => {
        void utils.fuel.invalidate();
        setRemoving(null);
      },
    }),
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Economy is known between two full fills; partial fills count at the next full one.
        </Text>
        {readOnly ? null : (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Log Fill-up
          </Button>
        )}
      </Group>
      {!overview ? <Skeleton h={260} /> : overview.fuelEntries > 0 ? <EconomyChart overview={overview} /> : null}
      {log.isPending ? (
        <Skeleton h={200} />
      ) : log.isError ? (
        <EmptyState title="The fuel log could not be loaded" hint={errorMessage(log.error, 'Please try again.')} />
      ) : log.data.total === 0 ? (
        <EmptyState title="No fill-ups yet" hint="Log each fill-up or charge with the odometer to see the economy." />
      ) : (
        <>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Fuel log">
            {log.data.items.map((entry) => (
              <EntryRow key={entry.id} entry={entry} readOnly={readOnly} onEdit={() => setEditing(entry)} onRemove={() => setRemoving(entry)} />
            ))}
          </Stack>
          <Pager total={log.data.total} pageSize={FUEL_PAGE_SIZE} page={page} onChange={setPage} />
        </>
      )}
      <ShopDialog opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Log Fill-up' : 'Edit Fill-up'}>
        {editing !== null ? (
          <FuelForm vehicleId={vehicleId} odometer={odometer} entry={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
        ) : null}
      </ShopDialog>
      <ConfirmDialog
        target={removing}
        title="Delete Fill-up"
        message={(fill) => `Delete the fill-up of ${f.day(fill.date)}? The economy of the next fill is computed again.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(fill) => remove.mutate({ id: fill.id })}
      />
    </Stack>
  );
}
