import { Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PreferencesUpdate } from '../../../shared/auth.ts';
import {
  CURRENCIES,
  DISTANCE_UNIT_LABELS,
  DISTANCE_UNITS,
  LOCALES,
  VOLUME_UNIT_LABELS,
  VOLUME_UNITS,
  type Currency,
  type DistanceUnit,
  type Locale,
  type VolumeUnit,
} from '../../../shared/units.ts';
import { useSession } from '../../lib/session.tsx';
import { useUnits } from '../../lib/units.ts';

function localeLabel(locale: Locale): string {
  try {
    return `${new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale} (${locale})`;
  } catch {
    return locale;
  }
}

function currencyLabel(currency: Currency, locale: Locale): string {
  try {
    return `${currency} · ${new Intl.DisplayNames([locale], { type: 'currency' }).of(currency) ?? currency}`;
  } catch {
    return currency;
  }
}

/**
 * Units and money (docs/garage.md#units-and-money): how distances, volumes, economy, amounts and
 * dates are shown and typed. What is stored does not change; amounts are not converted between
 * currencies.
 */
export function UnitsCard() {
  const { updatePreferences } = useSession();
  const f = useUnits();
  const { units } = f;
  const save = (changes: PreferencesUpdate) => void updatePreferences(changes);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Units">
      <Stack gap="md">
        <Title order={2} size="h4">
          Units
        </Title>
        <Text size="sm" c="dimmed">
          How distances, fuel, economy, money and dates are shown and typed. Changing them converts what you see; nothing you recorded changes.
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="units-distance">
            Distance
          </Text>
          <SegmentedControl
            aria-labelledby="units-distance"
            data={DISTANCE_UNITS.map((value) => ({ value, label: DISTANCE_UNIT_LABELS[value] }))}
            value={units.distanceUnit}
            onChange={(value) => save({ distanceUnit: value as DistanceUnit })}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Fuel volume"
            data={VOLUME_UNITS.map((value) => ({ value, label: VOLUME_UNIT_LABELS[value] }))}
            value={units.volumeUnit}
            onChange={(value) => value && save({ volumeUnit: value as VolumeUnit })}
            allowDeselect={false}
          />
          <Select
            label="Currency"
            description="Amounts are shown with it, not converted"
            data={CURRENCIES.map((value) => ({ value, label: currencyLabel(value, units.locale) }))}
            value={units.currency}
            onChange={(value) => value && save({ currency: value as Currency })}
            allowDeselect={false}
            searchable
          />
          <Select
            label="Numbers and dates"
            data={LOCALES.map((value) => ({ value, label: localeLabel(value) }))}
            value={units.locale}
            onChange={(value) => value && save({ locale: value as Locale })}
            allowDeselect={false}
            searchable
          />
        </SimpleGrid>
        <Group gap="xs" data-testid="units-example">
          <Text size="sm" c="dimmed">
            Example:
          </Text>
          <Text size="sm">
            {[f.distance(12_345), f.quantity(10, 'fuel'), f.economy(30, 'fuel'), f.money(1234.5), f.day('2026-03-05')].join(' · ')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
