import { SimpleGrid, Stack } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { catalogMake, catalogYears } from '../../shared/vehicle-catalog.ts';
import { type PartialDecodeDetails, type Vehicle } from '../../shared/vehicles.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { ManualSelection, type Selection } from '../components/vehicles/ManualSelection.tsx';
import { MaintenanceAlerts } from '../components/garage/MaintenanceAlerts.tsx';
import { SaveToGarage } from '../components/garage/SaveToGarage.tsx';
import { VehiclePanel } from '../components/vehicles/VehiclePanel.tsx';
import { VehicleSummaryCard } from '../components/vehicles/VehicleSummaryCard.tsx';
import { VinForm } from '../components/vehicles/VinForm.tsx';
import { useSession } from '../lib/session.tsx';
import { trpc } from '../lib/trpc.ts';

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
  const [chosen, setChosen] = useState<{ vehicle: Vehicle; warnings: readonly string[] } | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [hint, setHint] = useState<string | null>(null);
  const text = TEXT[role];
  // '/?vehicle=<id>' opens a saved vehicle (from My Garage).
  const [params] = useSearchParams();
  const savedId = params.get('vehicle');
  const garage = trpc.garage.list.useQuery(undefined, { enabled: savedId !== null });
  const saved = garage.data?.find((entry) => entry.vehicle.id === savedId)?.vehicle;
  useEffect(() => {
    if (saved) setChosen({ vehicle: saved, warnings: [] });
  }, [saved]);

  const onPartial = useCallback((details: PartialDecodeDetails) => {
    const make = details.make ? catalogMake(details.make) : null;
    const year = details.year !== null && catalogYears().includes(details.year) ? String(details.year) : null;
    setSelection({ year, make, model: null });
    const found = [year, make ?? details.make].filter(Boolean).join(' ');
    setHint(
      make
        ? `The VIN identifies a ${found}. Choose the model below to continue.`
        : `The VIN identifies a ${found || 'vehicle'}, which is not in the manual selection list.`,
    );
  }, []);

  return (
    <Stack gap="lg">
      <PageHeader title="Vehicle Identification" description={text.intro} />
      <MaintenanceAlerts />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <VinForm
          description={text.vin}
          onIdentified={(vehicle) => {
            setHint(null);
            setChosen({ vehicle, warnings: vehicle.warnings });
          }}
          onPartial={onPartial}
        />
        <ManualSelection
          value={selection}
          onChange={setSelection}
          hint={hint}
          onSelected={(vehicle) => {
            setHint(null);
            setChosen({ vehicle, warnings: [] });
          }}
        />
      </SimpleGrid>
      {chosen ? (
        <Stack gap="md">
          <VehicleSummaryCard vehicle={chosen.vehicle} warnings={chosen.warnings} actions={<SaveToGarage vehicle={chosen.vehicle} />} />
          <VehiclePanel key={chosen.vehicle.id} vehicle={chosen.vehicle} role={role} />
        </Stack>
      ) : null}
    </Stack>
  );
}
