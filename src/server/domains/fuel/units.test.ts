import { describe, expect, it } from 'vitest';
import { dueSummary } from '../../../shared/due.ts';
import { toCanonicalQuantity } from '../../../shared/fuel-economy.ts';
import {
  centsPerDistance,
  chargeEconomyIn,
  DEFAULT_UNITS,
  distanceFromMiles,
  distanceToMiles,
  economyStyle,
  formatCostPerDistance,
  formatDayIn,
  formatDistance,
  formatEconomyIn,
  formatMoney,
  formatQuantity,
  formatUnitPrice,
  intervalTextIn,
  fuelEconomyIn,
  milesForInput,
  pricePerVolumeFromGallon,
  typedDistanceToMiles,
  typedNumber,
  stripCurrency,
  currencySymbol,
  volumeFromGallons,
  volumeToGallons,
  type Units,
} from '../../../shared/units.ts';

const metric: Units = { distanceUnit: 'km', volumeUnit: 'L', currency: 'EUR', locale: 'de-DE' };
const kmInUs: Units = { ...DEFAULT_UNITS, distanceUnit: 'km', volumeUnit: 'L' };
const uk: Units = { distanceUnit: 'mi', volumeUnit: 'impgal', currency: 'GBP', locale: 'en-GB' };

describe('distance', () => {
  it('converts miles and kilometres both ways', () => {
    expect(distanceFromMiles(1, 'km')).toBe(1.609344);
    expect(distanceToMiles(160.9344, 'km')).toBeCloseTo(100, 10);
    expect(distanceFromMiles(123, 'mi')).toBe(123);
    expect(distanceFromMiles(0, 'km')).toBe(0);
  });

  it('a mileage shown in km and saved unchanged keeps its miles (every whole mile up to 300,000)', () => {
    for (let miles = 0; miles <= 300_000; miles += 1) {
      const shown = milesForInput(miles, 'km');
      if (typedDistanceToMiles(shown, 'km') !== miles) throw new Error(`${miles} mi came back as ${typedDistanceToMiles(shown, 'km')}`);
    }
    expect(milesForInput(2_000_000, 'km')).toBe('3218688');
    expect(typedDistanceToMiles('3218688', 'km')).toBe(2_000_000);
  });

  it('kilometres typed are stored as the nearest whole mile; a typed km value comes back within 0.81 km', () => {
    expect(typedDistanceToMiles('100', 'km')).toBe(62);
    expect(typedDistanceToMiles('100,000', 'km')).toBe(62_137);
    expect(typedDistanceToMiles(' 1 609.344 ', 'km')).toBe(1000);
    expect(typedDistanceToMiles('0', 'km')).toBe(0);
    for (const km of [1, 2, 99, 12_345, 250_001]) {
      const back = distanceFromMiles(Number(typedDistanceToMiles(String(km), 'km')), 'km');
      expect(Math.abs(back - km)).toBeLessThanOrEqual(0.81);
    }
  });

  it('hands text that is not a plain number back for the schema to reject; miles pass untouched', () => {
    expect(typedDistanceToMiles('-5', 'km')).toBe('-5');
    expect(typedDistanceToMiles('1e3', 'km')).toBe('1e3');
    expect(typedDistanceToMiles('abc', 'km')).toBe('abc');
    expect(typedDistanceToMiles('', 'km')).toBe('');
    expect(typedDistanceToMiles('12,345', 'mi')).toBe('12,345');
  });
});

describe('volume', () => {
  it('converts US gallons, imperial gallons and litres both ways', () => {
    expect(volumeFromGallons(10, 'L')).toBeCloseTo(37.85411784, 10);
    expect(volumeFromGallons(1, 'impgal')).toBeCloseTo(0.83267418, 8);
    expect(volumeToGallons(1, 'impgal')).toBeCloseTo(1.2009499, 7);
    expect(volumeToGallons(volumeFromGallons(12.3456, 'impgal'), 'impgal')).toBeCloseTo(12.3456, 12);
    expect(volumeToGallons(volumeFromGallons(12.3456, 'L'), 'L')).toBeCloseTo(12.3456, 12);
    expect(volumeFromGallons(0, 'L')).toBe(0);
  });

  it('the server stores every fuel unit as US gallons and kWh as kWh', () => {
    expect(toCanonicalQuantity(1, 'impgal')).toBeCloseTo(1.2009499, 7);
    expect(toCanonicalQuantity(45.4609, 'L')).toBeCloseTo(12.009499, 5);
    expect(toCanonicalQuantity(10, 'gal')).toBe(10);
    expect(toCanonicalQuantity(10, 'kWh')).toBe(10);
  });

  it('prices per gallon become prices per litre or imperial gallon', () => {
    expect(pricePerVolumeFromGallon(3.785411784, 'L')).toBeCloseTo(1, 10);
    expect(pricePerVolumeFromGallon(4, 'impgal')).toBeCloseTo(4.80380, 5);
    expect(formatUnitPrice(3.785, 'fuel', metric)).toBe('1,00\u00a0€/L');
    expect(formatUnitPrice(3.459, 'fuel', DEFAULT_UNITS)).toBe('$3.459/gal');
    expect(formatUnitPrice(0.25, 'charge', metric)).toBe('0,25\u00a0€/kWh');
    expect(formatUnitPrice(null, 'fuel', metric)).toBe('-');
  });
});

describe('economy', () => {
  it('chooses the style of the units', () => {
    expect(economyStyle(DEFAULT_UNITS)).toBe('mpg');
    expect(economyStyle(uk)).toBe('mpg-uk');
    expect(economyStyle(metric)).toBe('L/100km');
    expect(economyStyle({ distanceUnit: 'km', volumeUnit: 'gal' })).toBe('km/gal');
    expect(economyStyle({ distanceUnit: 'mi', volumeUnit: 'L' })).toBe('mi/L');
  });

  it('converts mpg (US) to mpg (UK), L/100 km and km/L-style figures', () => {
    expect(fuelEconomyIn(30, DEFAULT_UNITS)).toBe(30);
    expect(fuelEconomyIn(30, uk)).toBeCloseTo(36.0285, 4);
    expect(fuelEconomyIn(30, metric)).toBeCloseTo(7.8405, 4);
    // L/100 km and mpg multiply to a constant: 235.2146
    expect(fuelEconomyIn(23.5214583, metric)).toBeCloseTo(10, 5);
    expect(fuelEconomyIn(30, { distanceUnit: 'mi', volumeUnit: 'L' })).toBeCloseTo(7.9252, 4);
    expect(fuelEconomyIn(30, { distanceUnit: 'km', volumeUnit: 'gal' })).toBeCloseTo(48.2803, 4);
  });

  it('has no figure for no economy, zero as L/100 km, negative or infinite input', () => {
    expect(fuelEconomyIn(null, metric)).toBeNull();
    expect(fuelEconomyIn(0, metric)).toBeNull();
    expect(fuelEconomyIn(0, DEFAULT_UNITS)).toBe(0);
    expect(fuelEconomyIn(Infinity, DEFAULT_UNITS)).toBeNull();
    expect(fuelEconomyIn(-1, DEFAULT_UNITS)).toBeNull();
    expect(formatEconomyIn(0, 'fuel', metric)).toBe('-');
  });

  it('charging economy follows the distance unit only', () => {
    expect(chargeEconomyIn(4, 'km')).toBeCloseTo(6.437376, 6);
    expect(chargeEconomyIn(4, 'mi')).toBe(4);
    expect(formatEconomyIn(4, 'charge', metric)).toBe('6,44 km/kWh');
    expect(formatEconomyIn(4, 'charge', DEFAULT_UNITS)).toBe('4.00 mi/kWh');
  });

  it('formats each style with its label', () => {
    expect(formatEconomyIn(30, 'fuel', DEFAULT_UNITS)).toBe('30.0 mpg');
    expect(formatEconomyIn(30, 'fuel', uk)).toBe('36.0 mpg (UK)');
    expect(formatEconomyIn(30, 'fuel', kmInUs)).toBe('7.8 L/100 km');
    expect(formatEconomyIn(null, 'fuel', DEFAULT_UNITS)).toBe('-');
  });
});

describe('money and numbers', () => {
  it('formats amounts in the currency and locale, decimal text included', () => {
    expect(formatMoney('1234.5', DEFAULT_UNITS)).toBe('$1,234.50');
    expect(formatMoney(1234.5, metric)).toBe('1.234,50\u00a0€');
    expect(formatMoney('89.90', uk)).toBe('£89.90');
    expect(formatMoney(1234, { currency: 'JPY', locale: 'ja-JP' })).toBe('￥1,234');
    expect(formatMoney(0, DEFAULT_UNITS)).toBe('$0.00');
    expect(formatMoney(null, DEFAULT_UNITS)).toBe('-');
    expect(formatMoney('', DEFAULT_UNITS)).toBe('-');
  });

  it('cost per km is the cost per mile over 1.609344', () => {
    expect(centsPerDistance(16.09344, 'km')).toBeCloseTo(10, 10);
    expect(formatCostPerDistance(16.09344, metric)).toBe('0,10\u00a0€');
    expect(formatCostPerDistance(12.5, DEFAULT_UNITS)).toBe('$0.13');
    expect(formatCostPerDistance(167.5, DEFAULT_UNITS)).toBe('$1.68');
    expect(formatCostPerDistance(null, DEFAULT_UNITS)).toBe('-');
  });

  it('formats distances rounded to the unit, volumes and days in the locale', () => {
    expect(formatDistance(12_345, DEFAULT_UNITS)).toBe('12,345 mi');
    expect(formatDistance(12_345, metric)).toBe('19.867 km');
    expect(formatDistance(0, metric)).toBe('0 km');
    expect(formatDistance(null, metric)).toBe('-');
    expect(formatQuantity(10, 'fuel', metric)).toBe('37,85 L');
    expect(formatQuantity(10, 'fuel', uk)).toBe('8.327 gal (UK)');
    expect(formatQuantity(10.5, 'fuel', DEFAULT_UNITS)).toBe('10.5 gal');
    expect(formatQuantity(52.3, 'charge', metric)).toBe('52,3 kWh');
    expect(formatDayIn('2026-03-05', metric)).toBe('05.03.2026');
    expect(formatDayIn('2026-03-05', uk)).toBe('5 Mar 2026');
    expect(formatDayIn(null, uk)).toBe('-');
  });

  it('service intervals and due phrases read in the distance unit', () => {
    expect(intervalTextIn('Every 5,000 miles or 6 months', metric)).toBe('Every 8.047 km or 6 months');
    expect(intervalTextIn('Every 30000 mi', kmInUs)).toBe('Every 48,280 km');
    expect(intervalTextIn('Every 1 mile', kmInUs)).toBe('Every 2 km');
    expect(intervalTextIn('Every 3,000–7,500 miles or 6 months', kmInUs)).toBe('Every 4,828–12,070 km or 6 months');
    expect(intervalTextIn('5000-10000 mi', kmInUs)).toBe('8,047-16,093 km');
    expect(intervalTextIn('Every 5,000 miles or 6 months', uk)).toBe('Every 5,000 miles or 6 months');
    expect(intervalTextIn('Check yearly', kmInUs)).toBe('Check yearly');
    expect(dueSummary({ daysLeft: -59, milesLeft: -1200, dueDate: '2026-01-01', dueMileage: 1 }, kmInUs)).toBe('overdue by 59 days · 1,931 km over');
    expect(dueSummary({ daysLeft: 3, milesLeft: 0, dueDate: '2026-01-01', dueMileage: 1 }, metric)).toBe('in 3 days · 0 km left');
  });
});

describe('typed numbers', () => {
  it('reads the locale\'s separators: group separators go, a decimal comma becomes a point', () => {
    expect(typedNumber('1,234.5', DEFAULT_UNITS)).toBe('1234.5');
    expect(typedNumber('12,5', DEFAULT_UNITS)).toBe('125');
    expect(typedNumber('1.234,5', metric)).toBe('1234.5');
    expect(typedNumber('45,5', metric)).toBe('45.5');
    expect(typedNumber('17.000', metric)).toBe('17000');
    expect(typedNumber('45.5', metric)).toBe('45.5');
    expect(typedNumber('45.50', metric)).toBe('45.50');
    expect(typedNumber('1 234,5', { locale: 'fr-FR' })).toBe('1234.5');
    expect(typedNumber("1'234", { locale: 'en-US' })).toBe('1234');
  });

  it('hands back what is not a number for the schema to refuse', () => {
    expect(typedNumber(' abc ', metric)).toBe('abc');
    expect(typedNumber('1e3', DEFAULT_UNITS)).toBe('1e3');
    expect(typedNumber('-5', metric)).toBe('-5');
    expect(typedNumber('', metric)).toBe('');
  });

  it('strips the currency sign typed with an amount, and names the sign of each currency', () => {
    expect(stripCurrency('$89.90')).toBe('89.90');
    expect(stripCurrency('89,90 €')).toBe('89,90');
    expect(stripCurrency(' CA$ 12 ')).toBe('12');
    expect(currencySymbol(DEFAULT_UNITS)).toBe('$');
    expect(currencySymbol(metric)).toBe('€');
    expect(currencySymbol({ currency: 'CAD', locale: 'en-US' })).toBe('CA$');
  });

  it('km typed the German way are stored as miles', () => {
    expect(typedDistanceToMiles(typedNumber('17.000', metric), 'km')).toBe(10_563);
  });
});
