import { Alert, Anchor, Button, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Vehicle } from '../../../shared/vehicles.ts';
import { useCurrentShop } from '../../lib/current-shop.ts';
import { notifyError } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/** The radio value of the owner's own vehicle; customers' vehicles go by their id. */
const SELF = 'self';

/** Where an inspection goes next: the new draft, opened at the component the user was looking at. */
export function inspectionPath(id: string, componentId: string | null): string {
  return `/inspections/${id}${componentId ? `?component=${encodeURIComponent(componentId)}` : ''}`;
}

/**
 * Whom a new inspection is for: in Tech Mode one of the current shop's customers with this vehicle,
 * and for anyone who keeps the vehicle in their garage, their own self-check.
 */
export function CreateInspectionModal({ vehicle, componentId, opened, onClose }: { vehicle: Vehicle; componentId: string | null; opened: boolean; onClose: () => void }) {
  const { role } = useSession();
  const { shop, shopId } = useCurrentShop();
  const staffShopId = role === 'tech' ? shopId : null;
  const targets = trpc.inspections.targets.useQuery({ vehicleId: vehicle.id, serviceCenterId: staffShopId ?? '' }, { enabled: opened && staffShopId !== null });
  const garage = trpc.garage.list.useQuery(undefined, { enabled: opened });
  const entry = garage.data?.find((item) => item.vehicle.id === vehicle.id);
  const keeps = entry !== undefined && entry.access !== 'viewer';
  const [choice, setChoice] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const create = trpc.inspections.create.useMutation({
    onSuccess: (inspection) => {
      void utils.inspections.list.invalidate();
      onClose();
      navigate(inspectionPath(inspection.id, componentId));
    },
    onError: (error) => notifyError('Not created', errorMessage(error, 'The inspection could not be started')),
  });

  const options = [
    ...(staffShopId ? (targets.data ?? []) : []).map((target) => ({
      value: target.customerVehicleId,
      label: target.customerName,
      description: target.plate ? `Plate ${target.plate}` : 'No plate on record',
    })),
    ...(keeps ? [{ value: SELF, label: 'My own vehicle (self-check)', description: entry.nickname }] : []),
  ];
  // The first option until the user picks one: most often there is a single one.
  const chosen = options.some((option) => option.value === choice) ? choice : (options[0]?.value ?? null);
  const loading = garage.isPending || (staffShopId !== null && targets.isPending);
  const label = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

  const start = () => {
    if (!chosen) return;
    create.mutate(chosen === SELF || !staffShopId ? { vehicleId: vehicle.id } : { vehicleId: vehicle.id, serviceCenterId: staffShopId, customerVehicleId: chosen });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Create Inspection Report">
      <Stack gap="md">
        <Text size="sm">Whose {label} is this inspection for? It starts with every component's checks.</Text>
        {loading ? (
          <Stack gap="xs" aria-busy="true">
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        ) : (
          <>
            {targets.isError ? (
              <Alert color="red" title="Could not load the shop's customers">
                {errorMessage(targets.error, 'Please try again.')}
              </Alert>
            ) : null}
            {options.length > 0 ? (
              <Radio.Group value={chosen} onChange={setChoice} label="Inspect" name="inspection-target">
                <Stack gap="xs" mt={6}>
                  {options.map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} description={option.description} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : null}
            {staffShopId && targets.isSuccess && targets.data.length === 0 ? (
              <Alert color="gray" variant="light" title="No customer with this vehicle">
                {shop?.name ?? 'Your shop'} has no customer with a {label} yet.{' '}
                <Anchor component={Link} href="/customers" size="sm">
                  Add the customer and their vehicle
                </Anchor>{' '}
                to inspect it for them.
              </Alert>
            ) : null}
            {role === 'tech' && !shopId ? (
              <Text size="sm" c="dimmed">
                Customers&apos; vehicles are inspected from a shop: choose or create one on the{' '}
                <Anchor component={Link} href="/shop" size="sm">
                  Shop page
                </Anchor>
                .
              </Text>
            ) : null}
            {/* Staff with customers to choose from need no word about their own garage. */}
            {!keeps && (role === 'simple' || options.length === 0) ? (
              <Text size="sm" c="dimmed">
                {entry ? 'This vehicle is shared with you to view only: only its owner and editors inspect it.' : 'To inspect it yourself, save this vehicle to My Garage first.'}
              </Text>
            ) : null}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={start} disabled={!chosen} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
