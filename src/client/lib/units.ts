import { useMemo } from 'react';
import {
  DEFAULT_UNITS,
  distanceFromMiles,
  currencySymbol,
  ECONOMY_LABELS,
  economyStyle,
  formatCentsIn,
  formatCostPerDistance,
  formatDayIn,
  formatDistance,
  formatEconomyIn,
  formatMoney,
  formatMonthIn,
  formatNumber,
  formatQuantity,
  formatUnitPrice,
  milesForInput,
  stripCurrency,
  typedNumber,
  typedDistanceToMiles,
  type Units,
} from '../../shared/units.ts';
import { useOptionalSession } from './session.tsx';

/** The signed-in user's units, bound to the pure formatters: every figure a page shows goes through it. */
export interface UnitFormat {
  units: Units;
  distance(miles: number | null): string;
  /** A distance as a bare number in the user's unit (charts). */
  distanceValue(miles: number): number;
  money(amount: string | number | null): string;
  cents(cents: number): string;
  day(day: string | null): string;
  month(month: string): string;
  number(value: number, fractionDigits?: number): string;
  quantity(quantity: number, kind: 'fuel' | 'charge'): string;
  unitPrice(price: number | null, kind: 'fuel' | 'charge'): string;
  economy(economy: number | null, kind: 'fuel' | 'charge'): string;
  costPerDistance(centsPerMile: number | null): string;
  /** 'mpg', 'L/100 km', ... and 'mi/kWh' or 'km/kWh'. */
  economyLabel: string;
  chargeLabel: string;
  /** The currency sign for beside an amount field. */
  currencySign: string;
  /** What a distance field shows for stored miles, and what it sends for what was typed. */
  distanceInput(miles: number): string;
  distanceFromInput(typed: string): string | number;
  /** A typed amount or quantity (currency sign, the locale's separators) as plain decimal text. */
  decimalFromInput(typed: string): string;
}

export function unitFormat(units: Units): UnitFormat {
  return {
    units,
    distance: (miles) => formatDistance(miles, units),
    distanceValue: (miles) => Math.round(distanceFromMiles(miles, units.distanceUnit)),
    money: (amount) => formatMoney(amount, units),
    cents: (cents) => formatCentsIn(cents, units),
    day: (day) => formatDayIn(day, units),
    month: (month) => formatMonthIn(month, units),
    number: (value, fractionDigits = 0) => formatNumber(value, units, fractionDigits),
    quantity: (quantity, kind) => formatQuantity(quantity, kind, units),
    unitPrice: (price, kind) => formatUnitPrice(price, kind, units),
    economy: (economy, kind) => formatEconomyIn(economy, kind, units),
    costPerDistance: (centsPerMile) => formatCostPerDistance(centsPerMile, units),
    economyLabel: ECONOMY_LABELS[economyStyle(units)],
    chargeLabel: `${units.distanceUnit}/kWh`,
    currencySign: currencySymbol(units),
    distanceInput: (miles) => milesForInput(miles, units.distanceUnit),
    distanceFromInput: (typed) => typedDistanceToMiles(typedNumber(typed, units), units.distanceUnit),
    decimalFromInput: (typed) => typedNumber(stripCurrency(typed), units),
  };
}

/** The user's units (the defaults when no one is signed in). */
export function useUnits(): UnitFormat {
  const session = useOptionalSession();
  const prefs = session?.user.preferences;
  const distanceUnit = prefs?.distanceUnit ?? DEFAULT_UNITS.distanceUnit;
  const volumeUnit = prefs?.volumeUnit ?? DEFAULT_UNITS.volumeUnit;
  const currency = prefs?.currency ?? DEFAULT_UNITS.currency;
  const locale = prefs?.locale ?? DEFAULT_UNITS.locale;
  return useMemo(() => unitFormat({ distanceUnit, volumeUnit, currency, locale }), [distanceUnit, volumeUnit, currency, locale]);
}
