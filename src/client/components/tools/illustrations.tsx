import { Box } from '@mantine/core';
import type { GalleryMotif } from '../../sample-data/camera.ts';

// Drawn with Mantine's colour variables so every picture follows the light and dark schemes; the
// product never loads pictures from elsewhere (docs/screens.md#landing-page).
const line = 'var(--mantine-color-blue-filled)';
const muted = 'var(--mantine-color-dimmed)';
const surface = 'var(--mantine-color-default-hover)';
const accent = 'var(--mantine-color-teal-filled)';

/** A part on the scan turntable, half covered by captured points. */
export function ScanViewport({ label }: { label: string }) {
  const points = Array.from({ length: 56 }, (_, i) => {
    const angle = (i / 56) * Math.PI * 2;
    const ring = i % 2 === 0 ? 62 : 48;
    return { x: 160 + Math.cos(angle) * ring, y: 104 + Math.sin(angle) * ring * 0.62, i };
  });
  return (
    <Box
      component="svg"
      viewBox="0 0 320 220"
      role="img"
      aria-label={label}
      w="100%"
      h="auto"
      style={{ display: 'block', background: surface, borderRadius: 'var(--mantine-radius-md)' }}
    >
      <defs>
        <pattern id="scan-grid" width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M 20 0 L 0 0 0 20" fill="none" stroke={muted} strokeOpacity="0.18" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width="320" height="220" fill="url(#scan-grid)" />
      <ellipse cx="160" cy="176" rx="110" ry="22" fill="none" stroke={muted} strokeOpacity="0.5" strokeDasharray="4 4" />
      <ellipse cx="160" cy="104" rx="70" ry="44" fill="none" stroke={line} strokeWidth="2" />
      <ellipse cx="160" cy="104" rx="26" ry="16" fill="none" stroke={line} strokeWidth="2" />
      <path d="M 104 78 Q 160 30 216 78 L 206 92 Q 160 56 114 92 Z" fill={line} fillOpacity="0.18" stroke={line} strokeWidth="2" />
      {points.map((p) =>
        p.x < 175 ? <circle key={p.i} cx={p.x} cy={p.y} r="2.2" fill={accent} /> : null,
      )}
      <line x1="176" y1="30" x2="176" y2="178" stroke={accent} strokeWidth="2" strokeDasharray="6 3" />
      <path d="M 28 28 h 18 M 28 28 v 18 M 292 28 h -18 M 292 28 v 18 M 28 192 h 18 M 28 192 v -18 M 292 192 h -18 M 292 192 v -18" stroke={muted} strokeWidth="2" fill="none" />
    </Box>
  );
}

/** Line drawings of the three sample models, turned and scaled by the viewer's controls. */
export function ModelDrawing({ modelId, zoom, rotation, label }: { modelId: string; zoom: number; rotation: number; label: string }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 320 240"
      role="img"
      aria-label={label}
      w="100%"
      h="auto"
      style={{ display: 'block', background: surface, borderRadius: 'var(--mantine-radius-md)' }}
    >
      <defs>
        <pattern id="viewer-grid" width="16" height="16" patternUnits="userSpaceOnUse">
          <path d="M 16 0 L 0 0 0 16" fill="none" stroke={muted} strokeOpacity="0.15" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width="320" height="240" fill="url(#viewer-grid)" />
      <g transform={`translate(160 120) rotate(${rotation}) scale(${zoom}) translate(-160 -120)`} fill="none" stroke={line} strokeWidth="2" strokeLinejoin="round">
        {modelId === 'alternator' ? (
          <>
            <ellipse cx="170" cy="120" rx="62" ry="66" fill={line} fillOpacity="0.1" />
            <ellipse cx="170" cy="120" rx="44" ry="48" />
            {Array.from({ length: 10 }, (_, i) => (
              <line key={i} x1={134 + i * 8} y1="86" x2={134 + i * 8} y2="154" strokeOpacity="0.6" />
            ))}
            <rect x="86" y="104" width="24" height="32" rx="4" fill={line} fillOpacity="0.2" />
            <ellipse cx="86" cy="120" rx="8" ry="22" />
            <path d="M 214 70 l 22 -14 M 214 170 l 22 14" />
            <circle cx="238" cy="56" r="6" />
            <circle cx="238" cy="184" r="6" />
          </>
        ) : modelId === 'control-arm' ? (
          <>
            <path d="M 70 150 Q 150 80 250 96 L 252 116 Q 160 108 84 168 Z" fill={line} fillOpacity="0.12" />
            <circle cx="74" cy="160" r="18" />
            <circle cx="74" cy="160" r="8" fill={line} fillOpacity="0.3" />
            <circle cx="254" cy="106" r="16" />
            <circle cx="254" cy="106" r="7" fill={line} fillOpacity="0.3" />
            <path d="M 120 132 Q 160 110 200 112" strokeDasharray="5 4" strokeOpacity="0.6" />
          </>
        ) : (
          <>
            <circle cx="160" cy="120" r="78" strokeOpacity="0.45" />
            <circle cx="160" cy="120" r="24" strokeOpacity="0.45" />
            <path d="M 108 62 Q 160 34 212 62 L 222 96 Q 160 70 98 96 Z" fill={line} fillOpacity="0.18" />
            <rect x="140" y="48" width="40" height="20" rx="6" fill={line} fillOpacity="0.3" />
            <circle cx="116" cy="74" r="5" />
            <circle cx="204" cy="74" r="5" />
          </>
        )}
      </g>
      <g stroke={muted} strokeWidth="1.5">
        <line x1="24" y1="216" x2="52" y2="216" />
        <line x1="24" y1="216" x2="24" y2="188" />
        <line x1="24" y1="216" x2="42" y2="204" />
      </g>
      <text x="56" y="220" fontSize="10" fill={muted}>
        x
      </text>
      <text x="20" y="184" fontSize="10" fill={muted}>
        y
      </text>
      <text x="44" y="202" fontSize="10" fill={muted}>
        z
      </text>
    </Box>
  );
}

const motifHue: Record<GalleryMotif, string> = {
  engine: 'blue',
  brake: 'red',
  tire: 'gray',
  battery: 'green',
  exhaust: 'orange',
  suspension: 'violet',
};

function MotifShape({ motif }: { motif: GalleryMotif }) {
  switch (motif) {
    case 'engine':
      return (
        <>
          <rect x="52" y="44" width="56" height="40" rx="4" />
          <rect x="60" y="34" width="40" height="10" rx="2" />
          <path d="M 52 60 h -12 v 12 h 12 M 108 60 h 12 v 12 h -12" />
        </>
      );
    case 'brake':
      return (
        <>
          <circle cx="80" cy="60" r="30" />
          <circle cx="80" cy="60" r="10" />
          <path d="M 58 36 Q 80 22 102 36 L 98 46 Q 80 36 62 46 Z" />
        </>
      );
    case 'tire':
      return (
        <>
          <circle cx="80" cy="60" r="32" />
          <circle cx="80" cy="60" r="18" />
          {Array.from({ length: 8 }, (_, i) => {
            const a = (i / 8) * Math.PI * 2;
            return <line key={i} x1={80 + Math.cos(a) * 20} y1={60 + Math.sin(a) * 20} x2={80 + Math.cos(a) * 30} y2={60 + Math.sin(a) * 30} />;
          })}
        </>
      );
    case 'battery':
      return (
        <>
          <rect x="50" y="40" width="60" height="42" rx="4" />
          <rect x="58" y="32" width="10" height="8" />
          <rect x="92" y="32" width="10" height="8" />
          <path d="M 60 58 h 8 M 64 54 v 8 M 92 58 h 8" />
        </>
      );
    case 'exhaust':
      return (
        <>
          <path d="M 30 70 h 40 q 10 0 10 -10 v -6 h 40" />
          <rect x="80" y="44" width="40" height="20" rx="8" />
          <path d="M 124 48 q 8 -6 14 0 M 126 58 q 8 -6 14 0" />
        </>
      );
    case 'suspension':
      return (
        <>
          <path d="M 80 22 v 12 M 80 86 v 12" />
          <path d="M 68 34 h 24 M 68 86 h 24" />
          <path d="M 70 40 l 20 6 l -20 6 l 20 6 l -20 6 l 20 6 l -20 6" />
        </>
      );
  }
}

/** A gallery photo stand-in: the part's outline on a tinted card, in the item's colour. */
export function GalleryThumbnail({ motif, label }: { motif: GalleryMotif; label: string }) {
  const hue = motifHue[motif];
  return (
    <Box
      component="svg"
      viewBox="0 0 160 120"
      role="img"
      aria-label={label}
      w="100%"
      h="auto"
      style={{ display: 'block', background: `var(--mantine-color-${hue}-light)` }}
    >
      <g fill="none" stroke={`var(--mantine-color-${hue}-light-color)`} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <MotifShape motif={motif} />
      </g>
    </Box>
  );
}
