/**
 * The link preview image, 1200×630 PNG: the prompt, the top three with a crown (or the items and
 * "revealed when the game closes" while results are locked), the player count and the brand.
 * Laid out by satori (HTML and flexbox to SVG) and rasterized by resvg. Fonts are Inter's, read
 * once from node_modules.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { ReactNode } from 'react';
import satori from 'satori';
import { playersText, type PublicCard } from '../../domain/card';
import { PROJECT_ROOT } from '../project-root';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

type Style = Record<string, string | number>;
type Child = Node | string;
type Node = { type: string; key: null; props: { style?: Style; src?: string; children?: Child[] } };

/** An element as satori reads it (what JSX would make), without React on the server. */
function el(type: string, style: Style, ...children: Child[]): Node {
  return { type, key: null, props: { style, children } };
}

const CROWN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#f5c33b"><path d="M2 7l5 4 5-7 5 7 5-4-2 12H4z"/><rect x="4" y="20" width="16" height="2"/></svg>`;
const CROWN = `data:image/svg+xml;base64,${Buffer.from(CROWN_SVG).toString('base64')}`;
const MEDALS = ['#f5c33b', '#c9cfdc', '#d79a66'];

/** Inter's subsets: Latin, Greek and Cyrillic scripts (with their extensions) and Vietnamese. */
const SUBSETS = [
  'latin',
  'latin-ext',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
  'vietnamese',
];

let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700 | 800 }[]> | undefined;

function loadFonts() {
  const dir = path.join(PROJECT_ROOT, 'node_modules/@fontsource/inter/files');
  fonts ??= Promise.all(
    SUBSETS.flatMap((subset) =>
      ([400, 700, 800] as const).map(async (weight) => ({
        name: `Inter ${subset}`,
        weight,
        data: await readFile(path.join(dir, `inter-${subset}-${weight}-normal.woff`)),
      })),
    ),
  );
  return fonts;
}

/**
 * Text the fonts can draw: emoji and scripts Inter lacks (CJK, Arabic, …) would show as boxes,
 * so they are left out of the picture (the page itself shows them).
 */
export function drawableText(text: string, fallback: string): string {
  const kept = text
    .replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, '')
    .replace(
      /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/gu,
      '',
    )
    .replace(/\s+/g, ' ')
    .trim();
  return kept || fallback;
}

function crown(size: number): Node {
  return { type: 'img', key: null, props: { src: CROWN, style: { width: size, height: size } } };
}

function row(place: number, label: string, share: number | null): Node {
  return el(
    'div',
    { display: 'flex', alignItems: 'center', gap: 24, width: '100%' },
    el(
      'div',
      {
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 56,
        height: 56,
        borderRadius: 28,
        background: MEDALS[place - 1] ?? 'rgba(255,255,255,0.16)',
        color: '#221449',
        fontSize: 30,
        fontWeight: 800,
      },
      String(place),
    ),
    el(
      'div',
      {
        display: 'flex',
        flex: 1,
        flexGrow: 1,
        flexShrink: 1,
        minWidth: 0,
        fontSize: place === 1 ? 44 : 38,
        fontWeight: place === 1 ? 800 : 700,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
      },
      drawableText(label, '…'),
    ),
    ...(place === 1 ? [crown(44)] : []),
    ...(share !== null
      ? [el('div', { fontSize: 28, color: '#d9d0f7' }, `${Math.round(share * 100)}% first`)]
      : []),
  );
}

function layout(card: PublicCard): Node {
  const prompt = drawableText(card.prompt, 'A rank on Crowned');
  const body = card.leaders
    ? card.leaders.slice(0, 3).map((leader, i) => row(i + 1, leader.label, leader.firstShare))
    : [
        el(
          'div',
          { display: 'flex', fontSize: 36, color: '#ece6ff' },
          card.items
            .slice(0, 4)
            .map((item) => drawableText(item, '…'))
            .join(' · '),
        ),
        el(
          'div',
          { display: 'flex', fontSize: 30, color: '#ffd966', fontWeight: 700 },
          card.locked ? 'Results are revealed when the game closes' : 'Be the first to rank it',
        ),
      ];
  return el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      width: OG_WIDTH,
      height: OG_HEIGHT,
      padding: '56px 72px',
      background: 'linear-gradient(135deg, #221449 0%, #3d2590 55%, #5234c2 100%)',
      color: '#ffffff',
      fontFamily: SUBSETS.map((subset) => `Inter ${subset}`).join(', '),
      boxSizing: 'border-box',
    },
    el(
      'div',
      {
        display: 'flex',
        fontSize: prompt.length > 60 ? 48 : 60,
        fontWeight: 800,
        lineHeight: 1.15,
        maxHeight: 150,
        overflow: 'hidden',
      },
      prompt,
    ),
    el(
      'div',
      { display: 'flex', flexDirection: 'column', gap: 18, marginTop: 36, flexGrow: 1 },
      ...body,
    ),
    el(
      'div',
      { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
      el(
        'div',
        { display: 'flex', alignItems: 'center', gap: 14, fontSize: 40, fontWeight: 800 },
        crown(48),
        el('div', { display: 'flex', color: '#ffd966' }, 'Crowned'),
      ),
      el(
        'div',
        { display: 'flex', fontSize: 30, color: '#d9d0f7', fontWeight: 700 },
        `${playersText(card.players)}${card.closed ? ' · closed' : ' · rank it now'}`,
      ),
    ),
  );
}

export async function renderOgImage(card: PublicCard): Promise<Buffer> {
  const svg = await satori(layout(card) as unknown as ReactNode, {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: await loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
