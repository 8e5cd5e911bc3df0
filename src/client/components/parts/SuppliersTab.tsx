import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPencil, IconPhone, IconPlus, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import type { Supplier } from '../../../shared/suppliers.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { EmptyState, ShopDialog } from '../shop/parts.tsx';
import { SupplierBadge } from './StockBadge.tsx';
import { SupplierForm } from './SupplierForm.tsx';

function SupplierCard({ supplier, onEdit }: { supplier: Supplier; onEdit: (() => void) | null }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5">
            {supplier.name}
          </Title>
          <SupplierBadge status={supplier.status} />
        </Group>
        <Stack gap={6}>
          <Group gap={6} wrap="nowrap">
            <IconUser size={16} aria-hidden />
            <Text size="sm">{supplier.contactName ?? 'No contact named'}</Text>
          </Group>
          {supplier.phone ? (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              <Anchor size="sm" href={`tel:${supplier.phone.replace(/[^0-9+]/g, '')}`}>
                {supplier.phone}
              </Anchor>
            </Group>
          ) : null}
          {supplier.email ? (
            <Group gap={6} wrap="nowrap" miw={0}>
              <IconMail size={16} aria-hidden />
              <Anchor size="sm" href={`mailto:${supplier.email}`} style={{ overflowWrap: 'anywhere' }}>
                {supplier.email}
              </Anchor>
            </Group>
          ) : null}
        </Stack>
        {supplier.notes ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {supplier.notes}
          </Text>
        ) : null}
        {onEdit ? (
          <Group justify="flex-end">
            <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} aria-label={`Edit ${supplier.name}`} onClick={onEdit}>
              Edit
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The Suppliers tab: the shop's suppliers; managers and owners add and edit them. */
export function SuppliersTab({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const suppliers = trpc.parts.suppliers.list.useQuery({ serviceCenterId: shopId });

  let body;
  if (suppliers.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {[0, 1].map((i) => (
          <Skeleton key={i} h={150} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (suppliers.isError) {
    body = <EmptyState title="Suppliers could not be loaded" hint={errorMessage(suppliers.error, 'Please try again.')} />;
  } else if (suppliers.data.length === 0) {
    body = <EmptyState title="No suppliers yet" hint={canManage ? 'Add the suppliers you order parts from with "Add supplier".' : 'Your shop\u2019s managers and owners add the suppliers.'} />;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {suppliers.data.map((supplier) => (
          <SupplierCard key={supplier.id} supplier={supplier} onEdit={canManage ? () => setEditing(supplier) : null} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      {canManage ? (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add supplier
          </Button>
        </Group>
      ) : null}
      {body}
      <ShopDialog opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add supplier' : `Edit ${editing?.name ?? 'supplier'}`}>
        {editing !== null ? <SupplierForm shopId={shopId} supplier={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} /> : null}
      </ShopDialog>
    </Stack>
  );
}
