import '@mantine/charts/styles.css';
import { Button, Select, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconCoin, IconGasStation, IconGauge } from '@tabler/icons-react';
import { Link, useSearchParams } from 'wouter';
import { CostsTab } from '../components/fuel/CostsTab.tsx';
import { FuelTab } from '../components/fuel/FuelTab.tsx';
import { OdometerTab } from '../components/fuel/OdometerTab.tsx';
import { useUnits } from '../lib/units.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { EmptyState } from '../components/shop/parts.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';
import { browserTimeZone } from '../lib/time-zone.ts';

const TABS = ['fuel', 'costs', 'odometer'] as const;
type Tab = (typeof TABS)[number];

/** One garage vehicle's fuel log, costs and odometer history; the vehicle and tab live in the address. */
export default function GarageCostsPage() {
  const [params, setParams] = useSearchParams();
  const f = useUnits();
  const garage = trpc.garage.list.useQuery();
  const wanted = params.get('vehicle');
  const entry = garage.data?.find((g) => g.vehicle.id === wanted) ?? garage.data?.[0];
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'fuel';
  const vehicleId = entry?.vehicle.id ?? '';
  const overview = trpc.fuel.overview.useQuery({ vehicleId, timeZone: browserTimeZone() }, { enabled: vehicleId !== '' });
  const go = (next: { vehicle?: string; tab?: string }) => setParams({ vehicle: next.vehicle ?? vehicleId, tab: next.tab ?? tab }, { replace: true });

  return (
    <Stack gap="lg">
      <PageHeader title="Fuel and Costs" description="Fill-ups and charges, what the vehicle costs and its odometer history." />
      <Button component={Link} href="/garage" variant="subtle" leftSection={<IconArrowLeft size={16} />} style={{ alignSelf: 'flex-start' }}>
        My Garage
      </Button>
      {garage.isPending ? (
        <Skeleton h={300} />
      ) : garage.isError ? (
        <EmptyState title="Your garage could not be loaded" hint={errorMessage(garage.error, 'Please try again.')} />
      ) : !entry ? (
        <EmptyState
          title="Your garage is empty"
          hint="Save a vehicle to your garage to log its fuel and costs."
          action={
            <Button component={Link} href="/">
              Identify a vehicle
            </Button>
          }
        />
      ) : (
        <>
          <Select
            label="Vehicle"
            allowDeselect={false}
            data={garage.data.map((g) => ({ value: g.vehicle.id, label: `${g.nickname} (${g.vehicle.year} ${g.vehicle.make} ${g.vehicle.model})${g.sharedBy ? `, shared by ${g.sharedBy}` : ''}` }))}
            value={entry.vehicle.id}
            onChange={(value) => value && go({ vehicle: value })}
            maw={480}
          />
          <Text size="sm" c="dimmed">
            Odometer {f.distance(entry.odometer)}
          </Text>
          {overview.isError ? <EmptyState title="The costs could not be loaded" hint={errorMessage(overview.error, 'Please try again.')} /> : null}
          <Tabs value={tab} onChange={(value) => value && go({ tab: value })} keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="fuel" leftSection={<IconGasStation size={16} />}>
                Fuel
              </Tabs.Tab>
              <Tabs.Tab value="costs" leftSection={<IconCoin size={16} />}>
                Costs
              </Tabs.Tab>
              <Tabs.Tab value="odometer" leftSection={<IconGauge size={16} />}>
                Odometer
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="fuel" pt="md">
              <FuelTab vehicleId={vehicleId} odometer={entry.odometer} overview={overview.data} readOnly={entry.access === 'viewer'} />
            </Tabs.Panel>
            <Tabs.Panel value="costs" pt="md">
              <CostsTab vehicleId={vehicleId} overview={overview.data} readOnly={entry.access === 'viewer'} />
            </Tabs.Panel>
            <Tabs.Panel value="odometer" pt="md">
              <OdometerTab overview={overview.data} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
