/**
 * Draws the app's icons (web manifest and home screen) from one SVG, the gold crown of the link
 * previews (src/server/share/og-image.ts) on the royal purple of src/web/styles/tokens.css, and
 * writes them as PNG into the web app's public dir. Run `npm run icons` after changing the
 * drawing and commit the PNGs: the same resvg renders the same bytes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const PUBLIC_DIR = fileURLToPath(new URL('../src/web/public/', import.meta.url));

/** tokens.css: --royal-500, --royal-800, --royal-950, --gold-300, --gold-400, --gold-600. */
const ROYAL_LIGHT = '#6a4ce0';
const ROYAL = '#2e1b66';
const ROYAL_DARK = '#160d33';
const GOLD_LIGHT = '#ffd966';
const GOLD = '#f5c33b';
const GOLD_DARK = '#b27600';

/** The crown on a 24-unit grid (og-image.ts's), centred on (12, 13), with a pearl on each point. */
const CROWN = `
  <path d="M2 7l5 4 5-7 5 7 5-4-2 12H4z" fill="url(#gold)" stroke="url(#gold)" stroke-width="1.2" stroke-linejoin="round"/>
  <rect x="4" y="20" width="16" height="2" rx="0.6" fill="url(#gold)"/>
  <circle cx="2" cy="7" r="1.4" fill="${GOLD_LIGHT}"/>
  <circle cx="12" cy="4" r="1.4" fill="${GOLD_LIGHT}"/>
  <circle cx="22" cy="7" r="1.4" fill="${GOLD_LIGHT}"/>`;

/**
 * A square icon `size` px wide: the crown `crownWidth` (a share of the side) wide, centred, on
 * a purple square with corners rounded by `radius` (a share of the side; 0 fills every pixel).
 */
function iconSvg({ size, crownWidth, radius }) {
  const scale = (crownWidth * 512) / 24;
  const background = radius
    ? `<rect width="512" height="512" rx="${radius * 512}" fill="url(#bg)"/>`
    : `<rect width="512" height="512" fill="url(#bg)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <defs>
    <radialGradient id="bg" cx="0.35" cy="0.25" r="0.95">
      <stop offset="0" stop-color="${ROYAL_LIGHT}"/>
      <stop offset="0.45" stop-color="${ROYAL}"/>
      <stop offset="1" stop-color="${ROYAL_DARK}"/>
    </radialGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${GOLD_LIGHT}"/>
      <stop offset="0.55" stop-color="${GOLD}"/>
      <stop offset="1" stop-color="${GOLD_DARK}"/>
    </linearGradient>
  </defs>
  ${background}
  <g transform="translate(256 256) scale(${scale.toFixed(3)}) translate(-12 -12.4)">${CROWN}
  </g>
</svg>`;
}

/**
 * `any`: rounded corners, as drawn. `maskable`: full bleed, the crown inside the middle 80%
 * circle that every launcher mask keeps. The Apple touch icon: full bleed (iOS rounds it, and
 * would fill transparent corners with black).
 */
const ICONS = [
  { file: 'icons/icon-192.png', size: 192, crownWidth: 0.6, radius: 0.22 },
  { file: 'icons/icon-512.png', size: 512, crownWidth: 0.6, radius: 0.22 },
  { file: 'icons/icon-maskable-512.png', size: 512, crownWidth: 0.46, radius: 0 },
  { file: 'apple-touch-icon.png', size: 180, crownWidth: 0.56, radius: 0 },
];

for (const { file, ...icon } of ICONS) {
  const png = new Resvg(iconSvg(icon), { fitTo: { mode: 'original' } }).render().asPng();
  const target = path.join(PUBLIC_DIR, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, png);
  console.log(
    `${path.relative(process.cwd(), target)}: ${icon.size}×${icon.size}, ${png.length} bytes`,
  );
}

/** The browser tab's icon (index.html): the same drawing as SVG, the crown a little larger. */
const favicon = path.join(PUBLIC_DIR, 'favicon.svg');
await writeFile(favicon, `${iconSvg({ size: 32, crownWidth: 0.7, radius: 0.22 })}\n`);
console.log(`${path.relative(process.cwd(), favicon)}: SVG`);
