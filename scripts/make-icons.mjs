// Renders the install icons (src/client/public/icons) from one drawing with sharp:
// `node scripts/make-icons.mjs`. The PNGs are committed; run again only when the drawing changes.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.join(import.meta.dirname, '..', 'src', 'client', 'public', 'icons');
const BLUE = '#1c7ed6';

/** The favicon's car in white on blue; `inset` is the share of the side kept clear around it. */
function drawing(size, { rounded, inset }) {
  const car = size * (1 - 2 * inset);
  const scale = car / 24;
  const offset = size * inset;
  const radius = rounded ? size * 0.18 : 0;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${BLUE}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <path d="M5 17h-2v-6l2-5h9l4 5h1a2 2 0 0 1 2 2v4h-2"/><circle cx="7" cy="17" r="2"/><circle cx="17" cy="17" r="2"/><path d="M9 17h6"/>
  </g>
</svg>`);
}

mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', 192, { rounded: true, inset: 0.14 }],
  ['icon-512.png', 512, { rounded: true, inset: 0.14 }],
  // Maskable: full bleed, the car inside the central safe zone (a circle of 80% of the side).
  ['maskable-512.png', 512, { rounded: false, inset: 0.24 }],
  ['apple-touch-icon.png', 180, { rounded: false, inset: 0.16 }],
];
for (const [name, size, options] of icons) {
  await sharp(drawing(size, options)).png({ compressionLevel: 9 }).toFile(path.join(out, name));
}
