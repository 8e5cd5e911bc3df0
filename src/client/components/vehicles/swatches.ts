/**
 * Fill and text colour of each legend colour word the server stores in `diagramPosition.color`.
 * Shades are picked so the hotspot number keeps 4.5:1 contrast ('purple' is Mantine's grape).
 */
const SWATCHES: Readonly<Record<string, { fill: string; text: string }>> = {
  red: { fill: 'var(--mantine-color-red-9)', text: '#ffffff' },
  blue: { fill: 'var(--mantine-color-blue-8)', text: '#ffffff' },
  green: { fill: 'var(--mantine-color-green-6)', text: '#111111' },
  orange: { fill: 'var(--mantine-color-orange-6)', text: '#111111' },
  purple: { fill: 'var(--mantine-color-grape-8)', text: '#ffffff' },
  gray: { fill: 'var(--mantine-color-gray-7)', text: '#ffffff' },
  teal: { fill: 'var(--mantine-color-teal-9)', text: '#ffffff' },
};

export function swatch(color: string): { fill: string; text: string } {
  return SWATCHES[color] ?? { fill: 'var(--mantine-color-blue-8)', text: '#ffffff' };
}
