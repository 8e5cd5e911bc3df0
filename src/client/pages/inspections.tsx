import { Button, Stack, Text } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { Link } from 'wouter';
import { INSPECTIONS_PAGE } from '../../shared/inspections.ts';
import { InspectionList } from '../components/inspections/InspectionList.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { EmptyState, TableSkeleton } from '../components/shop/parts.tsx';
import { useCurrentShop } from '../lib/current-shop.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

/**
 * Tech Mode lists the current shop's inspections; Simple Mode, and a technician of no shop, the
 * ones of the user's own vehicles (their self-checks and what shops shared with them).
 */
export default function InspectionsPage() {
  const { role } = useSession();
  const current = useCurrentShop();
  const shopId = role === 'tech' ? current.shopId : null;
  const waitingForShop = role === 'tech' && current.isPending;
  const inspections = trpc.inspections.list.useQuery(shopId ? { serviceCenterId: shopId, limit: INSPECTIONS_PAGE.max } : { limit: INSPECTIONS_PAGE.max }, { enabled: !waitingForShop });
  const ofShop = shopId !== null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Inspections"
        description={ofShop ? `Vehicle inspections by ${current.shop?.name ?? 'your shop'} for its customers` : 'Checks of your vehicles: your own, and those a shop shared with you'}
      />
      {waitingForShop || inspections.isPending ? (
        <TableSkeleton columns={5} />
      ) : inspections.isError ? (
        <EmptyState
          title="Inspections could not be loaded"
          hint={errorMessage(inspections.error, 'Please try again.')}
          action={
            <Button variant="default" onClick={() => void inspections.refetch()}>
              Try again
            </Button>
          }
        />
      ) : inspections.data.length === 0 ? (
        <EmptyState
          title="No inspections yet"
          hint={
            ofShop
              ? 'An inspection starts from a vehicle: open it, choose “Create Inspection Report” in its Quick Actions and pick the customer. It lists the checks of each of the vehicle’s components.'
              : 'An inspection starts from a vehicle: open one of your vehicles and choose “Create Inspection Report” in its Quick Actions. A shop’s inspection shows here once the shop shares it with you.'
          }
          action={
            <Button component={Link} href={ofShop ? '/' : '/garage'} variant="default" leftSection={<IconCar size={16} />}>
              {ofShop ? 'Identify a vehicle' : 'My Garage'}
            </Button>
          }
        />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {inspections.data.length === 1 ? '1 inspection' : `${inspections.data.length} inspections`}
            {inspections.data.length >= INSPECTIONS_PAGE.max ? ', the most recent' : ''}
          </Text>
          <InspectionList items={inspections.data} customer={!ofShop} />
        </Stack>
      )}
    </Stack>
  );
}
