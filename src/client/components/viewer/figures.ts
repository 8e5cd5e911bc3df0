/**
 * How the viewer writes lengths, areas and volumes: in millimetres (cm² and cm³ past a size) when the
 * model's scale is known, else in the model's own units, said so.
 */
const fmt = (value: number, digits: number) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Significant digits that suit a figure of this size. */
function digitsFor(value: number): number {
  const a = Math.abs(value);
  if (a >= 100) return 0;
  if (a >= 10) return 1;
  if (a >= 1) return 2;
  return 3;
}

export function lengthText(units: number, mmPerUnit: number | null): string {
  if (mmPerUnit === null) return `${fmt(units, digitsFor(units))} units`;
  const mm = units * mmPerUnit;
  return `${fmt(mm, digitsFor(mm))} mm`;
}

export function areaText(units2: number, mmPerUnit: number | null): string {
  if (mmPerUnit === null) return `${fmt(units2, digitsFor(units2))} units²`;
  const cm2 = (units2 * mmPerUnit * mmPerUnit) / 100;
  return `${fmt(cm2, digitsFor(cm2))} cm²`;
}

export function volumeText(units3: number, mmPerUnit: number | null): string {
  if (mmPerUnit === null) return `${fmt(units3, digitsFor(units3))} units³`;
  const cm3 = (units3 * mmPerUnit ** 3) / 1000;
  if (cm3 >= 10_000) return `${fmt(cm3 / 1000, 1)} L`;
  return `${fmt(cm3, digitsFor(cm3))} cm³`;
}

export function sizeText(size: ArrayLike<number>, mmPerUnit: number | null): string {
  const unit = mmPerUnit === null ? 'units' : 'mm';
  const scale = mmPerUnit ?? 1;
  const parts = [size[0]!, size[1]!, size[2]!].map((v) => fmt(v * scale, digitsFor(v * scale)));
  return `${parts.join(' × ')} ${unit}`;
}

export const countText = (n: number) => n.toLocaleString('en-US');

export const dateText = (date: Date | string) => new Date(date).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
