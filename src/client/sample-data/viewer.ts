/** Static sample content of the Component Viewer page (SPEC 2.7). */

export interface ModelProperty {
  label: string;
  value: string;
}

export type FindingLevel = 'Good' | 'Monitor' | 'Replace';

export interface AnalysisFinding {
  area: string;
  measurement: string;
  /** Remaining life, 0–100 %. */
  remaining: number;
  level: FindingLevel;
  note: string;
}

export interface SampleModel {
  id: string;
  name: string;
  vehicle: string;
  source: string;
  properties: ModelProperty[];
  findings: AnalysisFinding[];
}

export const SAMPLE_MODELS: SampleModel[] = [
  {
    id: 'brake-caliper',
    name: 'Front Brake Caliper',
    vehicle: '2021 Toyota Camry SE',
    source: '3D scan, 48 photos',
    properties: [
      { label: 'Part number', value: '47750-06210' },
      { label: 'Material', value: 'Cast iron, zinc plated' },
      { label: 'Dimensions', value: '182 × 118 × 96 mm' },
      { label: 'Weight', value: '3.4 kg' },
      { label: 'Piston bore', value: '57.2 mm (single piston)' },
      { label: 'Vertices', value: '412,880' },
      { label: 'Faces', value: '825,604' },
      { label: 'Format', value: 'OBJ with texture' },
      { label: 'Scanned', value: 'Oct 14, 2024' },
    ],
    findings: [
      { area: 'Inner pad', measurement: '4.1 mm of 10 mm', remaining: 41, level: 'Monitor', note: 'Replace at the next service.' },
      { area: 'Outer pad', measurement: '6.8 mm of 10 mm', remaining: 68, level: 'Good', note: 'Even wear across the face.' },
      { area: 'Slide pins', measurement: '0.3 mm play', remaining: 55, level: 'Monitor', note: 'Clean and re-grease the pins.' },
      { area: 'Piston boot', measurement: 'Split 6 mm', remaining: 10, level: 'Replace', note: 'Moisture can reach the piston: replace the boot.' },
    ],
  },
  {
    id: 'alternator',
    name: 'Alternator',
    vehicle: '2019 Ford F-150 XLT',
    source: '3D scan, 36 photos',
    properties: [
      { label: 'Part number', value: 'FL3T-10300-CA' },
      { label: 'Rated output', value: '200 A at 14.2 V' },
      { label: 'Dimensions', value: '168 × 150 × 142 mm' },
      { label: 'Weight', value: '6.1 kg' },
      { label: 'Pulley', value: '6-groove decoupler' },
      { label: 'Vertices', value: '298,140' },
      { label: 'Faces', value: '596,002' },
      { label: 'Format', value: 'PLY point cloud' },
      { label: 'Scanned', value: 'Oct 13, 2024' },
    ],
    findings: [
      { area: 'Pulley bearing', measurement: 'Axial play 0.1 mm', remaining: 72, level: 'Good', note: 'Within specification.' },
      { area: 'Housing', measurement: 'Hairline crack 4 mm', remaining: 35, level: 'Monitor', note: 'Near the rear mounting ear.' },
      { area: 'Connector B+', measurement: 'Light corrosion', remaining: 60, level: 'Good', note: 'Clean and apply dielectric grease.' },
    ],
  },
  {
    id: 'control-arm',
    name: 'Rear Control Arm',
    vehicle: '2020 Honda Civic EX',
    source: 'Manufacturer CAD',
    properties: [
      { label: 'Part number', value: '52390-TBA-A01' },
      { label: 'Material', value: 'Pressed steel' },
      { label: 'Dimensions', value: '412 × 96 × 64 mm' },
      { label: 'Weight', value: '2.2 kg' },
      { label: 'Bushings', value: '2 × rubber, pressed' },
      { label: 'Vertices', value: '84,220' },
      { label: 'Faces', value: '168,436' },
      { label: 'Format', value: 'STL mesh' },
      { label: 'Imported', value: 'Oct 12, 2024' },
    ],
    findings: [
      { area: 'Inner bushing', measurement: 'Cracked rubber', remaining: 15, level: 'Replace', note: 'Causes clunk over bumps.' },
      { area: 'Outer bushing', measurement: 'Surface cracks', remaining: 50, level: 'Monitor', note: 'Check again in 10,000 miles.' },
      { area: 'Arm body', measurement: 'No deformation', remaining: 90, level: 'Good', note: 'Surface rust only.' },
    ],
  },
];
