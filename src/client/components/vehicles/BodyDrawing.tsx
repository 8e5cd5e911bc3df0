import { DIAGRAM_GEOMETRY, type BodyKind } from '../../../shared/vehicles.ts';

/**
 * Side views of the five body styles, drawn by the product (never loaded from elsewhere). The
 * viewBox is 400 x 200, so the percent geometry the server places hotspots with maps to x * 4, y * 2.
 * Colours are Mantine's scheme-aware variables, so the drawing follows light and dark.
 */

const W = 400;
const H = 200;

interface Shape {
  body: string;
  windows: string[];
  /** Door seams and other panel lines. */
  seams: string[];
  headlight: { cx: number; cy: number };
  taillight: { x: number; y: number; h: number };
}

const SHAPES: Readonly<Record<BodyKind, Shape>> = {
  sedan: {
    body: 'M 22 142 L 20 122 Q 22 108 40 104 L 128 96 L 170 64 Q 176 60 186 60 L 258 60 Q 268 60 274 66 L 318 96 L 372 100 Q 382 102 382 112 L 384 136 Q 384 142 376 142 L 331 142 A 27 27 0 0 0 277 142 L 123 142 A 27 27 0 0 0 69 142 Z',
    windows: [
      'M 138 94 L 172 67 Q 176 64 182 64 L 214 64 L 214 94 Z',
      'M 220 94 L 220 64 L 256 64 Q 264 64 270 70 L 302 94 Z',
    ],
    seams: ['M 217 100 L 217 138', 'M 140 100 L 140 138', 'M 300 100 L 300 124'],
    headlight: { cx: 32, cy: 112 },
    taillight: { x: 376, y: 106, h: 10 },
  },
  hatchback: {
    body: 'M 22 142 L 20 122 Q 22 108 40 104 L 130 96 L 176 62 Q 182 58 192 58 L 250 60 Q 262 62 272 72 L 346 100 Q 358 104 360 116 L 362 136 Q 362 142 354 142 L 323 142 A 27 27 0 0 0 269 142 L 123 142 A 27 27 0 0 0 69 142 Z',
    windows: [
      'M 140 94 L 178 66 Q 182 64 190 64 L 222 64 L 222 94 Z',
      'M 228 94 L 228 64 L 250 65 Q 260 67 268 76 L 300 94 Z',
    ],
    seams: ['M 225 100 L 225 138', 'M 142 100 L 142 138'],
    headlight: { cx: 32, cy: 112 },
    taillight: { x: 352, y: 104, h: 12 },
  },
  suv: {
    body: 'M 20 138 L 18 112 Q 20 96 38 92 L 118 84 L 150 46 Q 156 40 166 40 L 356 40 Q 368 40 372 50 L 384 96 L 386 130 Q 386 138 378 138 L 335 138 A 31 31 0 0 0 273 138 L 127 138 A 31 31 0 0 0 65 138 Z',
    windows: [
      'M 128 84 L 156 50 Q 160 46 166 46 L 218 46 L 218 84 Z',
      'M 224 84 L 224 46 L 290 46 L 290 84 Z',
      'M 296 84 L 296 46 L 352 46 Q 360 46 363 54 L 372 84 Z',
    ],
    seams: ['M 221 90 L 221 134', 'M 293 90 L 293 112', 'M 130 90 L 130 134', 'M 170 35 L 350 35'],
    headlight: { cx: 30, cy: 104 },
    taillight: { x: 378, y: 96, h: 14 },
  },
  pickup: {
    body: 'M 16 138 L 14 110 Q 16 94 34 90 L 118 84 L 146 48 Q 150 42 160 42 L 222 42 Q 230 42 230 50 L 230 94 L 384 94 L 386 132 Q 386 138 378 138 L 343 138 A 31 31 0 0 0 281 138 L 119 138 A 31 31 0 0 0 57 138 Z',
    windows: [
      'M 126 84 L 152 52 Q 155 48 162 48 L 186 48 L 186 84 Z',
      'M 192 84 L 192 48 L 220 48 Q 224 48 224 52 L 224 84 Z',
    ],
    seams: ['M 189 90 L 189 134', 'M 120 90 L 120 134', 'M 236 102 L 380 102', 'M 380 96 L 380 134'],
    headlight: { cx: 26, cy: 102 },
    taillight: { x: 380, y: 100, h: 12 },
  },
  van: {
    body: 'M 16 140 L 14 116 Q 16 100 30 96 L 70 84 L 98 40 Q 104 32 116 32 L 370 32 Q 384 32 384 46 L 386 132 Q 386 140 378 140 L 345 140 A 29 29 0 0 0 287 140 L 113 140 A 29 29 0 0 0 55 140 Z',
    windows: [
      'M 80 84 L 104 44 Q 108 40 116 40 L 150 40 L 150 84 Z',
      'M 156 84 L 156 40 L 250 40 L 250 84 Z',
      'M 256 84 L 256 40 L 372 40 Q 376 40 376 46 L 376 84 Z',
    ],
    seams: ['M 153 90 L 153 136', 'M 253 90 L 253 136', 'M 156 90 L 250 90'],
    headlight: { cx: 24, cy: 108 },
    taillight: { x: 378, y: 92, h: 18 },
  },
};

const outline = 'var(--mantine-color-dimmed)';
const panel = 'var(--mantine-color-default-hover)';
const glass = 'var(--mantine-color-blue-light)';
const tire = 'var(--mantine-color-dark-6)';
const hub = 'var(--mantine-color-gray-4)';

export interface BodyDrawingProps {
  kind: BodyKind;
  /** Draws the tailpipe (combustion engines only). */
  exhaust: boolean;
  /** Draws the battery pack under the floor (electric vehicles). */
  floorBattery: boolean;
  label: string;
}

export function BodyDrawing({ kind, exhaust, floorBattery, label }: BodyDrawingProps) {
  const shape = SHAPES[kind];
  const g = DIAGRAM_GEOMETRY[kind];
  const wheelY = (g.wheelY / 100) * H;
  const wheelR = (g.wheelR / 100) * W;
  const frontX = (g.frontWheelX / 100) * W;
  const rearX = (g.rearWheelX / 100) * W;
  const wheels = [frontX, rearX];
  const sill = wheelY - wheelR * 0.25;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} width="100%" height="100%" style={{ display: 'block' }}>
      <ellipse cx={W / 2} cy={wheelY + wheelR + 2} rx={W * 0.46} ry="5" fill={outline} fillOpacity="0.25" />
      {exhaust ? (
        <rect x={W - 58} y={sill + 2} width="30" height="6" rx="3" fill={hub} stroke={outline} strokeWidth="1.5" />
      ) : null}
      <path d={shape.body} fill={panel} stroke={outline} strokeWidth="2.5" strokeLinejoin="round" />
      {shape.windows.map((d) => (
        <path key={d} d={d} fill={glass} stroke={outline} strokeWidth="1.5" strokeLinejoin="round" />
      ))}
      {shape.seams.map((d) => (
        <path key={d} d={d} fill="none" stroke={outline} strokeWidth="1.2" strokeOpacity="0.7" />
      ))}
      {floorBattery ? (
        <rect
          x={frontX + wheelR + 14}
          y={sill - 10}
          width={rearX - frontX - 2 * wheelR - 28}
          height="8"
          rx="2"
          fill="var(--mantine-color-green-light)"
          stroke="var(--mantine-color-green-filled)"
          strokeWidth="1.2"
          strokeDasharray="4 3"
        />
      ) : null}
      <ellipse cx={shape.headlight.cx} cy={shape.headlight.cy} rx="8" ry="5" fill="var(--mantine-color-yellow-light)" stroke={outline} strokeWidth="1.2" />
      <rect x={shape.taillight.x} y={shape.taillight.y} width="6" height={shape.taillight.h} rx="2" fill="var(--mantine-color-red-filled)" />
      {wheels.map((cx) => (
        <g key={cx}>
          <circle cx={cx} cy={wheelY} r={wheelR} fill={tire} stroke={outline} strokeWidth="2" />
          <circle cx={cx} cy={wheelY} r={wheelR * 0.48} fill={hub} />
          <circle cx={cx} cy={wheelY} r={wheelR * 0.12} fill={tire} />
        </g>
      ))}
    </svg>
  );
}
