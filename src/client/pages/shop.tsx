import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '../components/PageHeader.tsx';
import { ActiveBadge } from '../components/shop/badges.tsx';
import { ServiceCenterForm } from '../components/shop/ServiceCenterForm.tsx';
import { EmptyState, Field, ShopDialog } from '../components/shop/parts.tsx';
import { Invites } from '../components/shops/Invites.tsx';
import { RoleBadge } from '../components/shops/RoleBadge.tsx';
import { StaffTable } from '../components/shops/StaffTable.tsx';
import { useCurrentShop } from '../lib/current-shop.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

/** A user who is staff nowhere registers a shop here (docs/shops.md#the-shop-page). */
function RegisterShop() {
  return (
    <Stack gap="lg">
      <PageHeader title="Register your shop" description="You are not staff of any service center yet." />
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Text size="sm">
            Register your service center to manage its customers, inquiries and appointments; you become its owner and can invite your staff.
            Working for a shop that is already here? Ask its owner or a manager for an invitation link.
          </Text>
          <ServiceCenterForm createLabel="Register shop" onDone={() => undefined} />
        </Stack>
      </Card>
    </Stack>
  );
}

function CenterSummary({ shopId }: { shopId: string }) {
  const center = trpc.serviceCenters.get.useQuery({ id: shopId });
  if (center.isPending) return <Skeleton h={120} radius="md" />;
  if (center.isError) return <Text c="red">{errorMessage(center.error, 'The shop could not be loaded.')}</Text>;
  const c = center.data;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Profile
          </Title>
          <ActiveBadge active={c.isActive} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Field label="Address">
            <Text size="sm">
              {c.address}, {c.city}, {c.state}
              {c.zipCode ? ` ${c.zipCode}` : ''}
            </Text>
          </Field>
          <Field label="Contact">
            <Text size="sm">{[c.phone, c.email].filter(Boolean).join(' · ') || 'No phone or e-mail listed'}</Text>
          </Field>
          <Field label="Services">
            <Text size="sm">{c.services.length > 0 ? c.services.join(', ') : 'No services listed'}</Text>
          </Field>
        </SimpleGrid>
        <Text size="sm">
          <Anchor component={Link} href="/service-centers">
            See it in the Service Centers directory
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}

export default function ShopPage() {
  const { user } = useSession();
  const { shop, role, canManage, isPending, isError } = useCurrentShop();
  const [registering, setRegistering] = useState(false);
  if (isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Skeleton h={40} w="40%" />
        <Skeleton h={120} />
        <Skeleton h={200} />
      </Stack>
    );
  }
  if (isError) return <EmptyState title="Your shops could not be loaded" hint="Check your connection, then reload the page." />;
  if (!shop || !role) return <RegisterShop />;
  return (
    <Stack gap="lg">
      <PageHeader
        title={shop.name}
        description={
          <Group gap="xs" component="span">
            <span>Your role:</span>
            <RoleBadge role={role} />
          </Group>
        }
        actions={
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setRegistering(true)}>
            Register another shop
          </Button>
        }
      />
      <CenterSummary shopId={shop.serviceCenterId} />
      <StaffTable shopId={shop.serviceCenterId} shopName={shop.name} myRole={role} myId={user.id} />
      {canManage ? <Invites shopId={shop.serviceCenterId} isOwner={role === 'owner'} /> : null}
      <ShopDialog opened={registering} onClose={() => setRegistering(false)} title="Register a shop">
        <ServiceCenterForm createLabel="Register shop" onDone={() => setRegistering(false)} onCancel={() => setRegistering(false)} />
      </ShopDialog>
    </Stack>
  );
}
