import { Button, Center, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid, IconList, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SERVICE_CENTER_PAGE_SIZE } from '../../shared/service-centers.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { ServiceCenterCard } from '../components/shop/ServiceCenterCard.tsx';
import { ServiceCenterDetail } from '../components/shop/ServiceCenterDetail.tsx';
import { ServiceCenterForm } from '../components/shop/ServiceCenterForm.tsx';
import { ConfirmBody, EmptyState, ShopDialog } from '../components/shop/parts.tsx';
import { ListSearch, LoadMore, useListSearch } from '../components/shop/ShopList.tsx';
import { toasts } from '../lib/notify.ts';
import { useCurrentShop } from '../lib/current-shop.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

type Layout = 'grid' | 'list';

export default function ServiceCentersPage() {
  const { user } = useSession();
  const { memberships } = useCurrentShop();
  // Any signed-in user registers a center; its managers/owners edit it, its owners deactivate it,
  // admins both (docs/service-centers.md#who-may-do-what). The server enforces; this hides what would fail.
  const roleIn = (centerId: string) => memberships.find((m) => m.serviceCenterId === centerId)?.role ?? null;
  const canEdit = (centerId: string) => user.isAdmin || roleIn(centerId) === 'owner' || roleIn(centerId) === 'manager';
  const canDeactivate = (centerId: string) => user.isAdmin || roleIn(centerId) === 'owner';
  const utils = trpc.useUtils();
  const { search, setSearch, query } = useListSearch();
  const [layout, setLayout] = useState<Layout>('grid');
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const list = trpc.serviceCenters.list.useInfiniteQuery(
    { search: query || undefined, limit: SERVICE_CENTER_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const centers = list.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = centers.find((center) => center.id === openId) ?? null;

  const closeDetail = () => {
    setOpenId(null);
    setEditing(false);
    setConfirming(false);
  };
  const deactivate = trpc.serviceCenters.deactivate.useMutation(
    toasts({
      done: 'Service center deleted successfully',
      failed: 'Failed to delete service center',
      then: () => {
        void utils.serviceCenters.invalidate();
        closeDetail();
      },
    }),
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Service Centers"
        description="Shops, their services and opening hours"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Add Service Center
          </Button>
        }
      />
      <Group gap="sm" wrap="wrap">
        <ListSearch label="Search service centers" placeholder="Search by name, city, or state..." value={search} onChange={setSearch} />
        <SegmentedControl
          aria-label="Layout"
          value={layout}
          onChange={(value) => setLayout(value as Layout)}
          data={[
            {
              value: 'grid',
              label: (
                <Center style={{ gap: 6 }}>
                  <IconLayoutGrid size={16} aria-hidden />
                  <span>Grid</span>
                </Center>
              ),
            },
            {
              value: 'list',
              label: (
                <Center style={{ gap: 6 }}>
                  <IconList size={16} aria-hidden />
                  <span>List</span>
                </Center>
              ),
            },
          ]}
        />
      </Group>

      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true">
          <VisuallyHidden>Loading service centers</VisuallyHidden>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h={140} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <EmptyState title="Service centers could not be loaded" hint={errorMessage(list.error, 'Please try again.')} action={<Button variant="default" onClick={() => void list.refetch()}>Try again</Button>} />
      ) : centers.length === 0 ? (
        <EmptyState
          title="No service centers found"
          hint={query ? 'Try adjusting your search terms' : 'Get started by adding your first service center'}
          action={
            !query ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                Add Service Center
              </Button>
            ) : null
          }
        />
      ) : (
        <Stack gap="md">
          {layout === 'grid' ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {centers.map((center) => (
                <ServiceCenterCard key={center.id} center={center} layout="grid" onOpen={() => setOpenId(center.id)} />
              ))}
            </SimpleGrid>
          ) : (
            <Stack gap="sm">
              {centers.map((center) => (
                <ServiceCenterCard key={center.id} center={center} layout="list" onOpen={() => setOpenId(center.id)} />
              ))}
            </Stack>
          )}
          <LoadMore list={list} />
        </Stack>
      )}

      <ShopDialog opened={creating} onClose={() => setCreating(false)} title="Add Service Center">
        <ServiceCenterForm onDone={() => setCreating(false)} onCancel={() => setCreating(false)} />
      </ShopDialog>

      <ShopDialog
        opened={selected !== null}
        onClose={closeDetail}
        title={selected ? (editing ? `Edit ${selected.name}` : selected.name) : ''}
      >
        {selected ? (
          editing ? (
            <ServiceCenterForm center={selected} canDeactivate={canDeactivate(selected.id)} onDone={closeDetail} onCancel={() => setEditing(false)} />
          ) : confirming ? (
            <ConfirmBody
              message={`This will deactivate the service center "${selected.name}". It stays listed with an Inactive badge and can be made active again by editing it.`}
              confirmLabel="Deactivate"
              loading={deactivate.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={() => deactivate.mutate({ id: selected.id })}
            />
          ) : (
            <ServiceCenterDetail center={selected} canEdit={canEdit(selected.id)} canDeactivate={canDeactivate(selected.id)} onEdit={() => setEditing(true)} onDelete={() => setConfirming(true)} />
          )
        ) : null}
      </ShopDialog>
    </Stack>
  );
}
