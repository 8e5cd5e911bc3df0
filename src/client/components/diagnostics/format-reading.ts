import { useCallback } from 'react';
import type { Reading } from '../../../shared/diagnostics.ts';
import { useUnits } from '../../lib/units.ts';
import { FREEZE_CODE_KEY, freezeCodeOf } from './session-draft.ts';

/**
 * A value read from the car as the user reads figures: the car sends metric; with miles chosen in
 * Settings, speed shows in mph and temperatures in °F (the US customary set), distances in miles.
 */
export function useReadingFormat() {
  const f = useUnits();
  const customary = f.units.distanceUnit === 'mi';
  const { number } = f;
  return useCallback(
    (value: number | null, unit: string): string => {
      if (value === null) return 'Not reported';
      if (customary && unit === 'km/h') return `${number(value / 1.609344, 0)} mph`;
      if (customary && unit === '°C') return `${number((value * 9) / 5 + 32, 0)} °F`;
      if (customary && unit === 'km') return `${number(value / 1.609344, 0)} mi`;
      const digits = unit === 'V' || unit === '%' ? 1 : 0;
      return `${number(value, digits)} ${unit}`;
    },
    [customary, number],
  );
}

/** A stored reading's label and value; the freeze frame's code reads as the code. */
export function useStoredReading() {
  const format = useReadingFormat();
  return useCallback(
    (reading: Reading): { label: string; text: string } => {
      const code = freezeCodeOf(reading);
      if (code !== null || reading.key === FREEZE_CODE_KEY) return { label: 'Code that stored the frame', text: code ?? '' };
      return { label: reading.label, text: format(reading.value, reading.unit) };
    },
    [format],
  );
}
