/** Static sample content of the Camera Tools page (SPEC 2.7). Thumbnails are drawn, never loaded. */

export const CAMERA_MODES = ['Auto', 'Macro', 'Wide Angle', 'Detail'] as const;
export type CameraMode = (typeof CAMERA_MODES)[number];

export const CAMERA_MODE_HINTS: Record<CameraMode, string> = {
  Auto: 'Exposure and focus follow the scene.',
  Macro: 'Focus from 5 cm for threads, cracks and part numbers.',
  'Wide Angle': 'Whole engine bay or underbody in one frame.',
  Detail: 'Locks focus and raises sharpening for close inspection.',
};

export const CAMERA_RESOLUTIONS = ['4K', '1080p', '720p'] as const;
export const CAMERA_QUALITIES = ['High', 'Medium', 'Low'] as const;

/** Which drawn motif a gallery thumbnail shows. */
export type GalleryMotif = 'engine' | 'brake' | 'tire' | 'battery' | 'exhaust' | 'suspension';

export interface GalleryItem {
  id: string;
  title: string;
  vehicle: string;
  takenAt: string;
  mode: CameraMode;
  resolution: (typeof CAMERA_RESOLUTIONS)[number];
  motif: GalleryMotif;
  tags: string[];
}

export const GALLERY: GalleryItem[] = [
  {
    id: 'img-2231',
    title: 'Engine bay overview',
    vehicle: '2021 Toyota Camry SE',
    takenAt: 'Oct 14, 2024',
    mode: 'Wide Angle',
    resolution: '4K',
    motif: 'engine',
    tags: ['engine', 'inspection'],
  },
  {
    id: 'img-2230',
    title: 'Front left brake rotor',
    vehicle: '2021 Toyota Camry SE',
    takenAt: 'Oct 14, 2024',
    mode: 'Detail',
    resolution: '4K',
    motif: 'brake',
    tags: ['brakes', 'wear'],
  },
  {
    id: 'img-2227',
    title: 'Tread depth, rear right',
    vehicle: '2019 Ford F-150 XLT',
    takenAt: 'Oct 13, 2024',
    mode: 'Macro',
    resolution: '1080p',
    motif: 'tire',
    tags: ['tires'],
  },
  {
    id: 'img-2224',
    title: 'Battery terminals',
    vehicle: '2019 Ford F-150 XLT',
    takenAt: 'Oct 13, 2024',
    mode: 'Macro',
    resolution: '1080p',
    motif: 'battery',
    tags: ['electrical', 'corrosion'],
  },
  {
    id: 'img-2219',
    title: 'Exhaust flange leak',
    vehicle: '2020 Honda Civic EX',
    takenAt: 'Oct 12, 2024',
    mode: 'Auto',
    resolution: '1080p',
    motif: 'exhaust',
    tags: ['exhaust', 'leak'],
  },
  {
    id: 'img-2215',
    title: 'Rear control arm bushing',
    vehicle: '2020 Honda Civic EX',
    takenAt: 'Oct 12, 2024',
    mode: 'Detail',
    resolution: '720p',
    motif: 'suspension',
    tags: ['suspension'],
  },
];

export type DetectionCondition = 'Good' | 'Wear' | 'Damage';

export interface Detection {
  label: string;
  confidence: number;
  condition: DetectionCondition;
  note: string;
}

export interface PhotoAnalysis {
  photoId: string;
  summary: string;
  sharpness: number;
  exposure: number;
  coverage: number;
  detections: Detection[];
}

export const SAMPLE_ANALYSIS: PhotoAnalysis = {
  photoId: 'img-2230',
  summary: 'Rotor shows light scoring and a lip at the outer edge; pad material visible at about 4 mm.',
  sharpness: 92,
  exposure: 78,
  coverage: 85,
  detections: [
    { label: 'Brake rotor', confidence: 97, condition: 'Wear', note: 'Scoring across 30% of the face, lip 0.8 mm.' },
    { label: 'Brake pad (outer)', confidence: 89, condition: 'Wear', note: 'About 4 mm of friction material left.' },
    { label: 'Caliper bracket', confidence: 84, condition: 'Good', note: 'Surface rust only.' },
    { label: 'Dust shield', confidence: 71, condition: 'Damage', note: 'Bent towards the rotor at 7 o’clock.' },
  ],
};
