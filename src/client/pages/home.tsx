import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import { catalogMake, catalogYears } from '../../shared/vehicle-catalog.ts';
import { vehicleIdSchema, type PartialDecodeDetails, type Vehicle } from '../../shared/vehicles.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { ManualSelection, type Selection } from '../components/vehicles/ManualSelection.tsx';
import { CheckEngineCard } from '../components/diagnostics/CheckEngineCard.tsx';
import { MaintenanceAlerts } from '../components/garage/MaintenanceAlerts.tsx';
import { SaveToGarage } from '../components/garage/SaveToGarage.tsx';
import { VehiclePanel } from '../components/vehicles/VehiclePanel.tsx';
import { VehicleSummaryCard } from '../components/vehicles/VehicleSummaryCard.tsx';
import { VinForm } from '../components/vehicles/VinForm.tsx';
import { useSession } from '../lib/session.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

const EMPTY_SELECTION: Selection = { year: null, make: null, model: null };

const TEXT = {
  simple: {
    intro: 'Find your car by its VIN or by year, make and model, then explore its parts explained in plain language.',
    vin: 'The 17-character VIN is on your registration, insurance card, or the driver-side dashboard.',
  },
  tech: {
    intro: 'Decode a VIN or select year, make and model for component specifications, service intervals and walkthroughs.',
    vin: 'Decoded offline from NHTSA vPIC data; a check-digit mismatch is reported as a warning.',
  },
} as const;

/** Vehicle Identification (docs/vehicles.md): the home page of both modes. */
export default function HomePage() {
  const { role } = useSession();
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [hint, setHint] = useState<string | null>(null);
  const text = TEXT[role];
  // The vehicle on screen lives in the address, '/?vehicle=<id>': a reload, a link from My Garage
  // and the back button all show the same car. A decode's warnings are kept while it is shown.
  const [params, setParams] = useSearchParams();
  const vehicleId = params.get('vehicle');
  const validId = vehicleId !== null && vehicleIdSchema.safeParse(vehicleId).success;
  const [identified, setIdentified] = useState<{ vehicle: Vehicle; warnings: readonly string[] } | null>(null);
  const fromAddress = trpc.vehicles.get.useQuery({ vehicleId: vehicleId ?? '' }, { enabled: validId && identified?.vehicle.id !== vehicleId, retry: false });
  const chosen =
    identified && identified.vehicle.id === vehicleId
      ? identified
      : validId && fromAddress.data && fromAddress.data.id === vehicleId
        ? { vehicle: fromAddress.data, warnings: [] as readonly string[] }
        : null;
  const notFound = vehicleId !== null && (!validId || fromAddress.isError);

  const show = useCallback(
    (vehicle: Vehicle, warnings: readonly string[]) => {
      setHint(null);
      setIdentified({ vehicle, warnings });
      setParams({ vehicle: vehicle.id });
    },
    [setParams],
  );
  // A failed decode takes the previous car off the screen: it never shows under the new VIN.
  const clear = useCallback(() => {
    setIdentified(null);
    if (params.has('vehicle')) setParams({}, { replace: true });
  }, [params, setParams]);

  const onPartial = useCallback((details: PartialDecodeDetails) => {
    clear();
    const make = details.make ? catalogMake(details.make) : null;
    const year = details.year !== null && catalogYears().includes(details.year) ? String(details.year) : null;
    setSelection({ year, make, model: null });
    const found = [year, make ?? details.make].filter(Boolean).join(' ');
    setHint(
      make
        ? `The VIN identifies a ${found}. Choose the model below to continue.`
        : `The VIN identifies a ${found || 'vehicle'}, which is not in the manual selection list.`,
    );
  }, [clear]);

  return (
    <Stack gap="lg">
      <PageHeader title="Vehicle Identification" description={text.intro} />
      <MaintenanceAlerts />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <VinForm
          description={text.vin}
          onIdentified={(vehicle) => show(vehicle, vehicle.warnings)}
          onPartial={onPartial}
          onFailed={clear}
        />
        <ManualSelection
          value={selection}
          onChange={setSelection}
          hint={hint}
          onSelected={(vehicle) => show(vehicle, [])}
        />
      </SimpleGrid>
      {notFound ? (
        <Alert color="gray" variant="light" title="Vehicle not found">
          {validId ? errorMessage(fromAddress.error, 'The vehicle in this address is not known.') : 'The address names no known vehicle.'} Decode a VIN or choose a vehicle above.
        </Alert>
      ) : null}
      {chosen ? (
        <Stack gap="md">
          <VehicleSummaryCard
            vehicle={chosen.vehicle}
            warnings={chosen.warnings}
            actions={<SaveToGarage key={chosen.vehicle.id} vehicle={chosen.vehicle} />}
          />
          <VehiclePanel key={chosen.vehicle.id} vehicle={chosen.vehicle} role={role} />
        </Stack>
      ) : null}
      {role === 'simple' ? <CheckEngineCard /> : null}
    </Stack>
  );
}
