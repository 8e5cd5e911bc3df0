import { z } from 'zod';

/**
 * Units and money per user (docs/garage.md#units-and-money), pure. Everything is stored in one
 * canonical unit: whole miles, US gallons for fuel, kWh for charging, money as decimal text in the
 * user's currency (no exchange rates: the currency only names and formats the amounts). These
 * functions turn canonical values into what a user reads and what a user types into canonical ones.
 */

export const KM_PER_MILE = 1.609344;
export const LITRES_PER_US_GALLON = 3.785411784;
export const LITRES_PER_IMPERIAL_GALLON = 4.54609;

export const DISTANCE_UNITS = ['mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
/** 'gal' is the US gallon (the canonical one), 'impgal' the imperial gallon. */
export const VOLUME_UNITS = ['gal', 'impgal', 'L'] as const;
export type VolumeUnit = (typeof VOLUME_UNITS)[number];

export const DISTANCE_UNIT_LABELS: Readonly<Record<DistanceUnit, string>> = { mi: 'Miles', km: 'Kilometres' };
export const VOLUME_UNIT_LABELS: Readonly<Record<VolumeUnit, string>> = { gal: 'US gallons', impgal: 'Imperial gallons', L: 'Litres' };
/** The short form after a number. */
export const VOLUME_UNIT_SHORT: Readonly<Record<VolumeUnit, string>> = { gal: 'gal', impgal: 'gal (UK)', L: 'L' };
const VOLUME_UNIT_SINGULAR: Readonly<Record<VolumeUnit, string>> = { gal: 'gallon', impgal: 'gallon (UK)', L: 'litre' };

/** The currencies offered; amounts are kept as typed, the code only formats them. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'JPY', 'MXN', 'BRL', 'INR', 'ZAR'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Locales for numbers and dates. */
export const LOCALES = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-NZ', 'en-IE', 'de-DE', 'fr-FR', 'fr-CA', 'es-ES', 'es-MX', 'it-IT', 'nl-NL', 'pt-BR', 'sv-SE', 'pl-PL', 'ja-JP'] as const;
export type Locale = (typeof LOCALES)[number];

export const unitPreferenceFields = {
  distanceUnit: z.enum(DISTANCE_UNITS, { error: 'distanceUnit must be mi or km' }),
  volumeUnit: z.enum(VOLUME_UNITS, { error: 'volumeUnit must be gal, impgal or L' }),
  currency: z.enum(CURRENCIES, { error: `currency must be one of ${CURRENCIES.join(', ')}` }),
  locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }),
};

export interface Units {
  distanceUnit: DistanceUnit;
  volumeUnit: VolumeUnit;
  currency: Currency;
  locale: Locale;
}
export const DEFAULT_UNITS: Units = { distanceUnit: 'mi', volumeUnit: 'gal', currency: 'USD', locale: 'en-US' };

// ---- Conversions ------------------------------------------------------------------------

/** Miles in the user's distance unit (not rounded). */
export function distanceFromMiles(miles: number, unit: DistanceUnit): number {
  return unit === 'km' ? miles * KM_PER_MILE : miles;
}
/** A distance in `unit` as miles (not rounded). */
export function distanceToMiles(value: number, unit: DistanceUnit): number {
  return unit === 'km' ? value / KM_PER_MILE : value;
}

/** US gallons in the user's volume unit. */
export function volumeFromGallons(gallons: number, unit: VolumeUnit): number {
  if (unit === 'L') return gallons * LITRES_PER_US_GALLON;
  if (unit === 'impgal') return (gallons * LITRES_PER_US_GALLON) / LITRES_PER_IMPERIAL_GALLON;
  return gallons;
}
/** A volume in `unit` as US gallons. */
export function volumeToGallons(value: number, unit: VolumeUnit): number {
  if (unit === 'L') return value / LITRES_PER_US_GALLON;
  if (unit === 'impgal') return (value * LITRES_PER_IMPERIAL_GALLON) / LITRES_PER_US_GALLON;
  return value;
}

/** A price per US gallon as a price per `unit` (a litre costs less than a gallon). */
export function pricePerVolumeFromGallon(pricePerGallon: number, unit: VolumeUnit): number {
  return pricePerGallon / volumeFromGallons(1, unit);
}

/** How fuel economy reads for a pair of units. */
export type EconomyStyle = 'mpg' | 'mpg-uk' | 'mi/L' | 'km/gal' | 'km/gal-uk' | 'L/100km';
export function economyStyle(units: Pick<Units, 'distanceUnit' | 'volumeUnit'>): EconomyStyle {
  if (units.distanceUnit === 'km') return units.volumeUnit === 'L' ? 'L/100km' : units.volumeUnit === 'impgal' ? 'km/gal-uk' : 'km/gal';
  return units.volumeUnit === 'L' ? 'mi/L' : units.volumeUnit === 'impgal' ? 'mpg-uk' : 'mpg';
}
export const ECONOMY_LABELS: Readonly<Record<EconomyStyle, string>> = {
  mpg: 'mpg',
  'mpg-uk': 'mpg (UK)',
  'mi/L': 'mi/L',
  'km/gal': 'km/gal',
  'km/gal-uk': 'km/gal (UK)',
  'L/100km': 'L/100 km',
};

/**
 * Miles per US gallon in the user's style; null when it cannot be shown (no economy, or 0 mpg as
 * litres per 100 km, which would be infinite).
 */
export function fuelEconomyIn(mpg: number | null, units: Pick<Units, 'distanceUnit' | 'volumeUnit'>): number | null {
  if (mpg === null || !Number.isFinite(mpg) || mpg < 0) return null;
  const perVolume = distanceFromMiles(mpg, units.distanceUnit) / volumeFromGallons(1, units.volumeUnit);
  if (economyStyle(units) === 'L/100km') return perVolume > 0 ? 100 / perVolume : null;
  return perVolume;
}

/** Miles per kWh as the user's distance per kWh. */
export function chargeEconomyIn(miPerKwh: number | null, unit: DistanceUnit): number | null {
  return miPerKwh === null || !Number.isFinite(miPerKwh) || miPerKwh < 0 ? null : distanceFromMiles(miPerKwh, unit);
}

/** Money per mile (in cents) as money per the user's distance unit, in cents. */
export function centsPerDistance(centsPerMile: number, unit: DistanceUnit): number {
  return unit === 'km' ? centsPerMile / KM_PER_MILE : centsPerMile;
}

// ---- What a user types, to canonical ------------------------------------------------------

/**
 * A distance typed in the user's unit as the whole miles stored. Kilometres are rounded to the
 * nearest mile, so a value shown in km and saved unchanged keeps its miles. Text that is not a plain
 * number is handed back unchanged for the schema to reject with its message.
 */
export function typedDistanceToMiles(typed: string | number, unit: DistanceUnit): string | number {
  if (unit === 'mi') return typed;
  const text = String(typed).trim().replace(/[,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return typed;
  return Math.round(distanceToMiles(Number(text), unit));
}

/** Whole miles as the whole number shown in the user's unit (for a form's starting value). */
export function milesForInput(miles: number, unit: DistanceUnit): string {
  return String(Math.round(distanceFromMiles(miles, unit)));
}

// ---- Formatting ---------------------------------------------------------------------------

const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    // A bounded cache: the option sets used are few; start over rather than grow.
    if (formatters.size > 200) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, units: Pick<Units, 'locale'>, maximumFractionDigits = 0, minimumFractionDigits = 0): string {
  return numberFormat(units.locale, { maximumFractionDigits, minimumFractionDigits }).format(value);
}

/** '12,345 mi' / '19,867 km'; '-' for no value. */
export function formatDistance(miles: number | null, units: Pick<Units, 'distanceUnit' | 'locale'>): string {
  if (miles === null || !Number.isFinite(miles)) return '-';
  return `${formatNumber(Math.round(distanceFromMiles(miles, units.distanceUnit)), units)} ${units.distanceUnit}`;
}

/** Volume (US gallons) or energy (kWh), in the user's unit. */
export function formatQuantity(quantity: number, kind: 'fuel' | 'charge', units: Pick<Units, 'volumeUnit' | 'locale'>): string {
  if (kind === 'charge') return `${formatNumber(quantity, units, 2)} kWh`;
  return `${formatNumber(volumeFromGallons(quantity, units.volumeUnit), units, units.volumeUnit === 'L' ? 2 : 3)} ${VOLUME_UNIT_SHORT[units.volumeUnit]}`;
}

/** An amount in the user's currency and locale; `fractionDigits` widens to 3 for unit prices. */
export function formatMoney(amount: number | string | null, units: Pick<Units, 'currency' | 'locale'>, maximumFractionDigits = 2): string {
  if (amount === null || amount === '') return '-';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  const format = numberFormat(units.locale, { style: 'currency', currency: units.currency });
  const digits = format.resolvedOptions().minimumFractionDigits ?? 2;
  return numberFormat(units.locale, { style: 'currency', currency: units.currency, minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, maximumFractionDigits) }).format(value);
}

export function formatCentsIn(cents: number, units: Pick<Units, 'currency' | 'locale'>): string {
  return formatMoney(Math.round(cents) / 100, units);
}

/** '€1.234/L' style: a price per US gallon or per kWh as the user reads it. */
export function formatUnitPrice(pricePerUnit: number | null, kind: 'fuel' | 'charge', units: Units): string {
  if (pricePerUnit === null) return '-';
  if (kind === 'charge') return `${formatMoney(pricePerUnit, units, 3)}/kWh`;
  return `${formatMoney(pricePerVolumeFromGallon(pricePerUnit, units.volumeUnit), units, 3)}/${VOLUME_UNIT_SHORT[units.volumeUnit]}`;
}

/** '24.5 mpg', '9.6 L/100 km', '4.02 km/kWh'; '-' when unknown. */
export function formatEconomyIn(economy: number | null, kind: 'fuel' | 'charge', units: Units): string {
  if (kind === 'charge') {
    const value = chargeEconomyIn(economy, units.distanceUnit);
    return value === null ? '-' : `${formatNumber(value, units, 2, 2)} ${units.distanceUnit}/kWh`;
  }
  const value = fuelEconomyIn(economy, units);
  return value === null ? '-' : `${formatNumber(value, units, 1, 1)} ${ECONOMY_LABELS[economyStyle(units)]}`;
}

/** 'per mile' / 'per km' with its money, from cents per mile. */
export function formatCostPerDistance(centsPerMile: number | null, units: Units): string {
  if (centsPerMile === null) return '-';
  return formatMoney(centsPerDistance(centsPerMile, units.distanceUnit) / 100, units);
}

export function distanceName(unit: DistanceUnit, plural = false): string {
  return unit === 'km' ? (plural ? 'kilometres' : 'km') : plural ? 'miles' : 'mile';
}
export function volumeName(unit: VolumeUnit): string {
  return VOLUME_UNIT_SINGULAR[unit];
}

/** A stored day (YYYY-MM-DD) in the user's locale, medium style. */
export function formatDayIn(day: string | null, units: Pick<Units, 'locale'>): string {
  if (!day) return '-';
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(units.locale, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** 'Mar 2026' in the user's locale. */
export function formatMonthIn(month: string, units: Pick<Units, 'locale'>): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString(units.locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/**
 * A service interval as the catalog words it ('Every 5,000 miles or 6 months') with its miles in
 * the user's unit ('Every 8,047 km or 6 months'); other text is left as it is.
 */
export function intervalTextIn(text: string, units: Pick<Units, 'distanceUnit' | 'locale'>): string {
  if (units.distanceUnit === 'mi') return text;
  const km = (number: string) => formatNumber(Math.round(distanceFromMiles(Number(number.replace(/,/g, '')), 'km')), units);
  // A number, or a range of two ('3,000–7,500'), before 'miles', 'mile' or 'mi'.
  return text.replace(/(\d[\d,]*(?:\.\d+)?)(?:(\s*[–-]\s*)(\d[\d,]*(?:\.\d+)?))?\s*(?:miles|mile|mi)\b/gi, (_whole, first: string, dash?: string, second?: string) =>
    second ? `${km(first)}${dash}${km(second)} km` : `${km(first)} km`,
  );
}

/** The currency's sign as the locale writes it ('$', '€', '£', 'CA$'), for beside an amount field. */
export function currencySymbol(units: Pick<Units, 'currency' | 'locale'>): string {
  return numberFormat(units.locale, { style: 'currency', currency: units.currency }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? units.currency;
}

/** A typed amount without a leading or trailing currency sign or spaces ('€ 12.50', '12.50 €'). */
export function stripCurrency(typed: string): string {
  return typed.trim().replace(/^[^\d.,-]+/, '').replace(/[^\d.,]+$/, '').trim();
}

/** ',' or '.': how the locale writes the decimal point. */
export function decimalSeparator(units: Pick<Units, 'locale'>): string {
  return numberFormat(units.locale, {}).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/**
 * A number typed the way the locale writes it, as the plain text the schemas read ('1234.5'):
 * group separators go, the locale's decimal comma becomes a point. Where the decimal is a comma, a
 * point followed by other than three digits ('45.5') is taken as the decimal point typed out of
 * habit. Text that is not a number comes back trimmed, for the schema to refuse with its message.
 */
export function typedNumber(typed: string, units: Pick<Units, 'locale'>): string {
  const text = typed.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (!/^-?[\d.,]+$/.test(text)) return typed.trim();
  if (decimalSeparator(units) === ',') {
    if (!text.includes(',') && !/\.\d{3}$/.test(text)) return text;
    return text.replace(/\./g, '').replace(',', '.');
  }
  return text.replace(/,/g, '');
}
