import { ActionIcon, Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { CustomerDetail, CustomerVehicle } from '../../shared/customers.ts';
import { CustomerForm } from '../components/customers/CustomerForm.tsx';
import { CustomerHistory } from '../components/customers/CustomerHistory.tsx';
import { CustomerTags } from '../components/customers/CustomerTags.tsx';
import { PageLoading } from '../components/customers/NoShop.tsx';
import { AddVehicleForm, EditVehicleForm, vehicleName } from '../components/customers/VehicleForms.tsx';
import { ConfirmDialog, EmptyState, Field, ShopDialog } from '../components/shop/parts.tsx';
import { useCurrentShop } from '../lib/current-shop.ts';
import { toasts } from '../lib/notify.ts';
import { errorMessage, trpc } from '../lib/trpc.ts';
import { useUnits } from '../lib/units.ts';

function BackLink() {
  return (
    <Anchor component={Link} href="/customers" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> All customers
      </Group>
    </Anchor>
  );
}

function Vehicles({ detail, canManage }: { detail: CustomerDetail; canManage: boolean }) {
  const f = useUnits();
  const utils = trpc.useUtils();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CustomerVehicle | null>(null);
  const [removing, setRemoving] = useState<CustomerVehicle | null>(null);
  const remove = trpc.customers.vehicles.remove.useMutation(
    toasts({
      done: 'Vehicle removed',
      failed: 'Failed to remove the vehicle',
      then: () => {
        setRemoving(null);
        void utils.customers.invalidate();
      },
    }),
  );
  return (
    <Card withBorder padding="md" component="section" aria-label="Vehicles">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Vehicles <Text span c="dimmed" size="sm">({detail.vehicles.length})</Text>
          </Title>
          {canManage ? (
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
              Add vehicle
            </Button>
          ) : null}
        </Group>
        {detail.vehicles.length === 0 ? (
          <Text size="sm" c="dimmed">
            No vehicles yet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {detail.vehicles.map((item) => (
              <Card key={item.id} withBorder padding="sm" data-testid="customer-vehicle">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={600}>{vehicleName(item.vehicle)}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {item.vehicle.vin ? `VIN ${item.vehicle.vin}` : 'No VIN'}
                    </Text>
                    <Text size="sm">
                      Plate: {item.plate ?? '-'} · Odometer: {f.distance(item.odometer)}
                    </Text>
                    {item.garageVehicleId ? (
                      <Text size="xs" c="dimmed">
                        In the customer's own garage
                      </Text>
                    ) : null}
                  </Stack>
                  {canManage ? (
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Edit">
                        <ActionIcon variant="subtle" aria-label={`Edit ${vehicleName(item.vehicle)}`} onClick={() => setEditing(item)}>
                          <IconEdit size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Remove">
                        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${vehicleName(item.vehicle)}`} onClick={() => setRemoving(item)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ) : null}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <ShopDialog opened={adding} onClose={() => setAdding(false)} title="Add vehicle">
        {adding ? <AddVehicleForm customerId={detail.customer.id} onDone={() => setAdding(false)} /> : null}
      </ShopDialog>
      <ShopDialog opened={editing !== null} onClose={() => setEditing(null)} title="Edit vehicle">
        {editing ? <EditVehicleForm vehicle={editing} onDone={() => setEditing(null)} /> : null}
      </ShopDialog>
      <ConfirmDialog
        target={removing}
        title="Remove vehicle"
        message={(tie) => `Remove the ${vehicleName(tie.vehicle)} from this customer? Inquiries, appointments and records stay.`}
        confirmLabel="Remove"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(tie) => remove.mutate({ id: tie.id })}
      />
    </Card>
  );
}

function Contact({ detail, canManage }: { detail: CustomerDetail; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  const { customer } = detail;
  return (
    <Card withBorder padding="md" component="section" aria-label="Contact details">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Contact details
          </Title>
          {canManage ? (
            <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label="Email">{customer.email ? <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor> : '-'}</Field>
          <Field label="Phone">{customer.phone ? <Anchor href={`tel:${customer.phone}`}>{customer.phone}</Anchor> : '-'}</Field>
        </SimpleGrid>
        <Field label="Tags">{customer.tags.length ? <CustomerTags tags={customer.tags} /> : '-'}</Field>
        <Field label="Notes">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {customer.notes ?? '-'}
          </Text>
        </Field>
      </Stack>
      <ShopDialog opened={editing} onClose={() => setEditing(false)} title="Edit customer">
        {editing ? <CustomerForm shopId={customer.serviceCenterId} customer={customer} onDone={() => setEditing(false)} /> : null}
      </ShopDialog>
    </Card>
  );
}

export default function CustomerDetailPage() {
  const { id } = useParams<{ id: string }>();
  const shop = useCurrentShop();
  const detail = trpc.customers.get.useQuery({ id }, { retry: false });
  if (detail.isPending) return <PageLoading label="Loading customer" />;
  if (detail.isError) {
    return (
      <Stack gap="lg">
        <BackLink />
        {detail.error.data?.code === 'NOT_FOUND' ? (
          <EmptyState title="Customer not found" hint="This customer does not exist or belongs to another shop." />
        ) : (
          <EmptyState title="Customer could not be loaded" hint={errorMessage(detail.error, 'Please try again.')} />
        )}
      </Stack>
    );
  }
  const { customer } = detail.data;
  const role = shop.memberships.find((m) => m.serviceCenterId === customer.serviceCenterId)?.role;
  const canManage = role === 'owner' || role === 'manager';
  return (
    <Stack gap="lg">
      <BackLink />
      <Group gap="sm" wrap="wrap" align="center">
        <Title order={1} size="h2">
          {customer.name}
        </Title>
        {customer.linked ? (
          <Badge leftSection={<IconLink size={12} />} variant="light" color="teal">
            Linked to a VinTech account
          </Badge>
        ) : null}
      </Group>
      {!canManage && role ? (
        <Alert variant="light" color="gray">
          Technicians read customers; managers and owners edit them.
        </Alert>
      ) : null}
      <Contact detail={detail.data} canManage={canManage} />
      <Vehicles detail={detail.data} canManage={canManage} />
      <CustomerHistory detail={detail.data} />
    </Stack>
  );
}
