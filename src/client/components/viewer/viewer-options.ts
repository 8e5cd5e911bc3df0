/** The Component Viewer's lighting presets: how strong the ambient and sky light are, and where the lamps stand. */
export const LIGHTINGS = ['studio', 'even', 'raking'] as const;
export type Lighting = (typeof LIGHTINGS)[number];

export const LIGHTING_LABELS: Record<Lighting, string> = { studio: 'Studio', even: 'Even', raking: 'Raking' };

interface LightingPreset {
  ambient: number;
  hemisphere: number;
  /** Direction (x, y, z, from the model's centre) and intensity of each lamp. */
  directional: [number, number, number, number][];
}

export const LIGHTING: Record<Lighting, LightingPreset> = {
  // A key light, a fill and a back light: shape reads well.
  studio: { ambient: 0.25, hemisphere: 0.35, directional: [[1, 1.2, 0.8, 1.6], [-1, 0.4, 0.6, 0.6], [0, 0.8, -1, 0.5]] },
  // Light from everywhere: colours read true.
  even: { ambient: 0.6, hemisphere: 0.8, directional: [[0.3, 1, 0.4, 0.6]] },
  // One low lamp: dents, scoring and wear throw shadows.
  raking: { ambient: 0.08, hemisphere: 0.1, directional: [[1, 0.12, 0.2, 2.4]] },
};

export const POINT_SIZE = { min: 1, max: 8, step: 1, initial: 2 } as const;
