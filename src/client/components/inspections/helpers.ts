import { checksOf, type CheckTemplate, type InspectionItem } from '../../../shared/inspections.ts';
import type { UnitFormat } from '../../lib/units.ts';

/** Where a photo's bytes come from: signed in, or through a public link. */
export type PhotoUrl = (fileId: string, thumbnail: boolean) => string;

export const signedInPhotoUrl: PhotoUrl = (fileId, thumbnail) => `/api/files/${fileId}${thumbnail ? '/thumbnail' : ''}`;

export const sharedPhotoUrl =
  (token: string): PhotoUrl =>
  (fileId, thumbnail) =>
    `/api/shared/inspections/${token}/photos/${fileId}${thumbnail ? '/thumbnail' : ''}`;

/** The template an item came from (custom items have none): its thresholds and suggested action. */
export function checkOf(item: Pick<InspectionItem, 'componentName' | 'name'>): CheckTemplate | undefined {
  return item.componentName ? checksOf(item.componentName).find((check) => check.name === item.name) : undefined;
}

export interface ItemGroup {
  key: string;
  name: string;
  items: InspectionItem[];
}

/** Items by component in the order they come (the diagram's), custom items without one last. */
export function groupItems(items: readonly InspectionItem[]): ItemGroup[] {
  const groups = new Map<string, ItemGroup>();
  for (const item of items) {
    const key = item.componentId ?? 'other';
    const group = groups.get(key) ?? { key, name: item.componentName ?? 'Other', items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  const other = groups.get('other');
  groups.delete('other');
  return other ? [...groups.values(), other] : [...groups.values()];
}

export function formatMeasurement(item: Pick<InspectionItem, 'measurement' | 'unit'>, f: UnitFormat): string | null {
  if (item.measurement === null) return null;
  return `${f.number(item.measurement, 2)}${item.unit ? ` ${item.unit}` : ''}`;
}

export function formatDate(date: Date | null, f: UnitFormat): string {
  return date ? date.toLocaleDateString(f.units.locale, { dateStyle: 'medium' }) : '-';
}

export const reportPath = (id: string) => `/inspections/${id}/report`;
export const pdfPath = (id: string) => `/api/inspections/${id}/report.pdf`;
export const sharedPdfPath = (token: string) => `/api/shared/inspections/${token}/report.pdf`;
