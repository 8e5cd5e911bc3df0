import { Box } from '@mantine/core';

// Drawn with Mantine's colour variables so every picture follows the light and dark schemes; the
// product never loads pictures from elsewhere (docs/screens.md#landing-page).
const line = 'var(--mantine-color-blue-filled)';
const muted = 'var(--mantine-color-dimmed)';
const surface = 'var(--mantine-color-default-hover)';

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
