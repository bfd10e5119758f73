/**
 * The link preview image, 1200×630 PNG: the prompt, the top three with a crown (a tiers game: the
 * crowd's tier list; or the items and "revealed when the game closes" while results are locked), the player count and the brand.
 * Laid out by satori (HTML and flexbox to SVG) and rasterized by resvg, in a worker thread
 * (og-worker.ts, render-pool.ts), never on the server's main thread. Fonts and emoji: og-fonts.ts.
 * Every text is clamped (one line, or two for the prompt) and ends in an ellipsis when cut.
 */
import { Resvg } from '@resvg/resvg-js';
import type { ReactNode } from 'react';
import satori from 'satori';
import { METHOD_WORDS, playersText, type PublicCard } from '../../domain/card';
import { textOn } from '../../domain/tier-colors';
import { prepareText } from './og-fonts';

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

function crown(size: number): Node {
  return { type: 'img', key: null, props: { src: CROWN, style: { width: size, height: size } } };
}

/** Text that starts right to left (its first letter is Arabic or Hebrew) is laid out so. */
function direction(text: string): 'rtl' | 'ltr' {
  const first = /\p{L}/u.exec(text)?.[0] ?? '';
  return /[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(first) ? 'rtl' : 'ltr';
}

/** One line of text, cut with an ellipsis when it does not fit. */
function oneLine(style: Style, text: string): Node {
  return el(
    'div',
    {
      display: 'block',
      minWidth: 0,
      maxWidth: '100%',
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      direction: direction(text),
      ...style,
    },
    text,
  );
}

function row(place: number, tied: boolean, label: string, note: string): Node {
  return el(
    'div',
    { display: 'flex', alignItems: 'center', gap: 24, width: '100%' },
    el(
      'div',
      {
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        width: 56,
        height: 56,
        borderRadius: 28,
        background: MEDALS[place - 1] ?? 'rgba(255,255,255,0.16)',
        color: '#221449',
        fontSize: tied ? 24 : 30,
        fontWeight: 800,
      },
      `${tied ? '=' : ''}${place}`,
    ),
    oneLine(
      {
        flex: 1,
        flexGrow: 1,
        flexShrink: 1,
        fontSize: place === 1 ? 44 : 38,
        fontWeight: place === 1 ? 800 : 700,
      },
      label || '…',
    ),
    ...(place === 1 ? [crown(44)] : []),
    el('div', { display: 'flex', flexShrink: 0, fontSize: 28, color: '#d9d0f7' }, note),
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The card's texts in one list (prompt, then the tier list's labels and item lines, or the
 * leaders, or the items), as prepareText takes them.
 */
function textsOf(card: PublicCard): string[] {
  if (card.tiers) {
    return [
      card.prompt,
      ...card.tiers.flatMap((tier) => [
        tier.label,
        `${tier.items.join(' · ')}${tier.more > 0 ? ` +${tier.more} more` : ''}`,
      ]),
    ];
  }
  return [
    card.prompt,
    ...(card.leaders ? card.leaders.slice(0, 3).map((leader) => leader.label) : []),
    ...(card.leaders ? [] : card.items.slice(0, 4)),
  ];
}

/**
 * The crowd's tier list: one row per tier, its label on the tier's colour (black or white text,
 * whichever contrasts more) and its first items on one line. Rows share the height (2 to 10).
 */
function tierRows(tiers: NonNullable<PublicCard['tiers']>, texts: string[]): Node[] {
  const size = tiers.length <= 5 ? 30 : tiers.length <= 7 ? 24 : 18;
  return tiers.map((tier, i) =>
    el(
      'div',
      {
        display: 'flex',
        alignItems: 'stretch',
        flexGrow: 1,
        flexBasis: 0,
        minHeight: 0,
        borderRadius: 10,
        overflow: 'hidden',
        background: 'rgba(255,255,255,0.10)',
      },
      el(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
          width: 150,
          padding: '0 10px',
          background: tier.color,
          color: textOn(tier.color) === 'dark' ? '#000000' : '#ffffff',
          fontSize: size,
          fontWeight: 800,
          overflow: 'hidden',
        },
        oneLine({}, texts[2 * i] ?? ''),
      ),
      el(
        'div',
        { display: 'flex', alignItems: 'center', flexGrow: 1, minWidth: 0, padding: '0 20px' },
        oneLine(
          { fontSize: size, fontWeight: 700, color: tier.items.length ? '#ffffff' : '#bfb3ec' },
          texts[2 * i + 1] || '—',
        ),
      ),
    ),
  );
}

function layout(card: PublicCard, texts: string[], fontFamily: string): Node {
  const [drawnPrompt = '', ...labels] = texts;
  const prompt = drawnPrompt || 'A rank on Crowned';
  const body = card.tiers
    ? tierRows(card.tiers, labels)
    : card.leaders
      ? [
          // The method, unless it is the usual average position (decision 0038).
          ...(card.method === 'mean'
            ? []
            : [
                oneLine(
                  { fontSize: 28, color: '#ffd966', fontWeight: 700 },
                  capitalized(METHOD_WORDS[card.method]),
                ),
              ]),
          ...card.leaders
            .slice(0, 3)
            .map((leader, i) => row(leader.place, leader.tied, labels[i] ?? '', leader.note)),
        ]
      : [
          oneLine(
            { fontSize: 36, color: '#ece6ff' },
            labels.map((label) => label || '…').join(' · '),
          ),
          oneLine(
            { fontSize: 30, color: '#ffd966', fontWeight: 700 },
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
      fontFamily,
      boxSizing: 'border-box',
    },
    el(
      'div',
      {
        display: 'block',
        flexShrink: 0,
        fontSize: prompt.length > 60 ? 48 : 60,
        fontWeight: 800,
        lineHeight: 1.2,
        lineClamp: 2,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        direction: direction(prompt),
      },
      prompt,
    ),
    el(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        gap: card.tiers ? 8 : 18,
        marginTop: 36,
        marginBottom: card.tiers ? 24 : 0,
        flexGrow: 1,
        minHeight: 0,
        overflow: 'hidden',
      },
      ...body,
    ),
    el(
      'div',
      { display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexShrink: 0 },
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

/** The image as SVG (satori): the texts cleaned to what the fonts draw, the fonts they need. */
export async function renderOgSvg(
  card: PublicCard,
  options: { embedFont?: boolean } = {},
): Promise<string> {
  const prepared = await prepareText(textsOf(card));
  return satori(layout(card, prepared.texts, prepared.fontFamily) as unknown as ReactNode, {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: prepared.fonts,
    graphemeImages: prepared.graphemeImages,
    embedFont: options.embedFont ?? true,
  });
}

export async function renderOgImage(card: PublicCard): Promise<Buffer> {
  const svg = await renderOgSvg(card);
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
