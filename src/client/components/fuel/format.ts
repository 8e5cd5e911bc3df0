import { centsText } from '../../../shared/costs.ts';
import { mpgToLitresPer100Km } from '../../../shared/fuel-economy.ts';
import type { FuelKind } from '../../../shared/fuel.ts';

/** Figures as shown until units per user arrive: miles, US gallons, kWh and dollars. */
export function formatEconomy(economy: number | null, kind: FuelKind): string {
  if (economy === null) return '-';
  if (kind === 'charge') return `${economy.toFixed(2)} mi/kWh`;
  const litres = mpgToLitresPer100Km(economy);
  return `${economy.toFixed(1)} mpg${litres === null ? '' : ` (${litres.toFixed(1)} L/100 km)`}`;
}

export function formatQuantity(quantity: number, kind: FuelKind): string {
  return kind === 'charge' ? `${quantity.toLocaleString('en-US', { maximumFractionDigits: 2 })} kWh` : `${quantity.toLocaleString('en-US', { maximumFractionDigits: 3 })} gal`;
}

export function formatCents(cents: number): string {
  return `$${Number(centsText(cents)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatMonth(month: string): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export const NOTE_TEXT = {
  first: 'First fill of a chain',
  partial: 'Partial: counted at the next full fill',
  missed: 'After a missed fill-up: starts over',
  backwards: 'Odometer lower than before: starts over',
} as const;
