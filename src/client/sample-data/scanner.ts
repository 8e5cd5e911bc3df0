/** Static sample content of the 3D Scanner page (SPEC 2.7): nothing here is stored or fetched. */

export const SCAN_RESOLUTIONS = [
  { value: 'high', label: 'High 4K', detail: '3840 × 2160, about 2.1 M points' },
  { value: 'medium', label: 'Medium 2K', detail: '2048 × 1080, about 900 k points' },
  { value: 'low', label: 'Low 1K', detail: '1024 × 576, about 250 k points' },
] as const;
export type ScanResolution = (typeof SCAN_RESOLUTIONS)[number]['value'];

export const SCAN_TYPES = [
  { value: 'full', label: 'Full Component', detail: 'Walk around the whole part: every side is captured.' },
  { value: 'surface', label: 'Surface Only', detail: 'One face of the part, for wear and damage checks.' },
  { value: 'detail', label: 'Detail Scan', detail: 'Close range on a small area such as a thread or a crack.' },
] as const;
export type ScanType = (typeof SCAN_TYPES)[number]['value'];

export const OUTPUT_FORMATS = [
  { value: 'ply', label: 'PLY', detail: 'Point cloud with colour' },
  { value: 'stl', label: 'STL', detail: 'Mesh for 3D printing' },
  { value: 'obj', label: 'OBJ', detail: 'Textured mesh for viewers' },
] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]['value'];

export interface CaptureTip {
  title: string;
  body: string;
}

export const CAPTURE_TIPS: CaptureTip[] = [
  { title: 'Overlap every photo', body: 'Keep about 60% overlap between neighbouring photos so the frames can be stitched.' },
  { title: 'Even, diffuse light', body: 'Avoid direct sun and flash glare on chrome or wet surfaces.' },
  { title: 'Steady distance', body: 'Stay 30–50 cm from the part and move around it, not the part itself.' },
  { title: 'Clean the surface', body: 'Wipe off oil and brake dust: they read as false surface detail.' },
];

export type ScanStatus = 'Completed' | 'Processing' | 'Failed';

export interface SampleScan {
  id: string;
  component: string;
  vehicle: string;
  capturedAt: string;
  photos: number;
  points: string;
  format: 'PLY' | 'STL' | 'OBJ';
  status: ScanStatus;
}

export const RECENT_SCANS: SampleScan[] = [
  {
    id: 'scan-1042',
    component: 'Front brake caliper',
    vehicle: '2021 Toyota Camry SE',
    capturedAt: 'Oct 14, 2024 · 09:42',
    photos: 48,
    points: '1.9 M',
    format: 'OBJ',
    status: 'Completed',
  },
  {
    id: 'scan-1041',
    component: 'Alternator',
    vehicle: '2019 Ford F-150 XLT',
    capturedAt: 'Oct 13, 2024 · 16:05',
    photos: 36,
    points: '1.2 M',
    format: 'PLY',
    status: 'Processing',
  },
  {
    id: 'scan-1039',
    component: 'Rear control arm',
    vehicle: '2020 Honda Civic EX',
    capturedAt: 'Oct 12, 2024 · 11:18',
    photos: 22,
    points: '640 k',
    format: 'STL',
    status: 'Failed',
  },
  {
    id: 'scan-1036',
    component: 'Intake manifold',
    vehicle: '2018 Chevrolet Equinox LT',
    capturedAt: 'Oct 10, 2024 · 14:51',
    photos: 54,
    points: '2.0 M',
    format: 'OBJ',
    status: 'Completed',
  },
];
