/**
 * The link preview image, 1200×630 PNG: the prompt, the top three with a crown (a tiers game: the
 * crowd's tier list; or the items and "revealed when the game closes" while results are locked), the player count and the brand.
 * Laid out by satori (HTML and flexbox to SVG) and rasterized by resvg, in a worker thread
 * (og-worker.ts, render-pool.ts), never on the server's main thread. Fonts and emoji: og-fonts.ts.
 * Every text is clamped (one line, or two for the prompt) and ends in an ellipsis when cut.
 * Items with pictures show them as small rounded squares beside their labels; the bytes come
 * with the card (`DrawnPictures`: the server reads them from its store), a hidden picture is the
 * neutral placeholder, and a card whose drawn items have no picture is laid out as before.
 */
import { Resvg } from '@resvg/resvg-js';
import type { ReactNode } from 'react';
import satori from 'satori';
import {
  METHOD_WORDS,
  playersText,
  PREVIEW_ITEMS,
  PREVIEW_LEADERS,
  PREVIEW_PICTURE_PX,
  type CardPicture,
  type CardTier,
  type PublicCard,
} from '../../domain/card';
import { PLACEHOLDER_COLOR } from '../../domain/images';
import { textOn } from '../../domain/tier-colors';
import { prepareText } from './og-fonts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/**
 * What the image draws for the card's pictures, by thumbnail address: a square PNG's bytes (resvg
 * draws no WebP), or `placeholder` for a hidden picture. A picture not named is drawn as none.
 */
export type DrawnPictures = Record<string, Uint8Array | 'placeholder'>;

/** The card's pictures as the layout draws them: data URLs, or the placeholder. */
type Pictures = Map<string, string | 'placeholder'>;

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

/**
 * A picture as a rounded square of `size`: its PNG, or the placeholder; null when it has none
 * drawn. `slot` keeps the square's room empty instead (rows whose neighbours have pictures).
 */
function thumb(
  picture: CardPicture | null | undefined,
  pictures: Pictures,
  size: number,
  slot = false,
): Node | null {
  const drawn = picture ? pictures.get(picture.thumbUrl) : undefined;
  const box = { flexShrink: 0, width: size, height: size, borderRadius: Math.round(size / 5) };
  if (drawn === undefined) return slot ? el('div', { display: 'flex', ...box }) : null;
  if (drawn === 'placeholder') {
    return el('div', { display: 'flex', ...box, background: PLACEHOLDER_COLOR });
  }
  return {
    type: 'img',
    key: null,
    props: { src: drawn, style: { ...box, objectFit: 'cover' } },
  };
}

/** Whether any of these pictures is drawn. */
function anyDrawn(list: readonly (CardPicture | null | undefined)[], pictures: Pictures): boolean {
  return list.some((picture) => picture && pictures.has(picture.thumbUrl));
}

function row(
  place: number,
  tied: boolean,
  label: string,
  note: string,
  picture: Node | null,
): Node {
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
    ...(picture ? [picture] : []),
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
 * The card with every text the image draws passed through `change`, always in the same order
 * (the prompt, then the tier list's labels and items, or the leaders, or the first items): once
 * to collect them for prepareText, once to put the drawable texts back.
 */
function mapTexts(card: PublicCard, change: (text: string) => string): PublicCard {
  const prompt = change(card.prompt);
  if (card.tiers) {
    const tiers = card.tiers.map((tier) => ({
      ...tier,
      label: change(tier.label),
      items: tier.items.map(change),
    }));
    return { ...card, prompt, tiers };
  }
  if (card.leaders) {
    const leaders = card.leaders
      .slice(0, PREVIEW_LEADERS)
      .map((leader) => ({ ...leader, label: change(leader.label) }));
    return { ...card, prompt, leaders };
  }
  return { ...card, prompt, items: card.items.slice(0, PREVIEW_ITEMS).map(change) };
}

/** An item's picture and label side by side, the label cut with an ellipsis when long. */
function chip(
  picture: Node | null,
  label: string,
  style: Style & { fontSize: number },
  maxLabel: number,
): Node {
  return el(
    'div',
    {
      display: 'flex',
      alignItems: 'center',
      gap: Math.round(style.fontSize / 2.5),
      flexShrink: 0,
      minWidth: 0,
    },
    ...(picture ? [picture] : []),
    oneLine({ ...style, maxWidth: maxLabel }, label || '…'),
  );
}

/** The room a tier row gives its items: the image less its padding, the tier's label, its own. */
const TIER_ITEMS_WIDTH = OG_WIDTH - 2 * 72 - 150 - 2 * 20;
const TIER_GAP = 18;

function moreText(tier: { more: number }): string {
  return tier.more > 0 ? ` +${tier.more} more` : '';
}

/** About how wide a label is drawn (wide scripts count double): for sharing a row's room. */
function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const char of text)
    ems += /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u.test(char)
      ? 1
      : 0.58;
  return Math.ceil(ems * size);
}

/**
 * The widest any item may be so that all fit in `room`, each taking what it wants up to that
 * ("water filling": short labels are never cut to make room that nobody needs).
 */
function fairCap(wants: readonly number[], room: number): number {
  const sorted = [...wants].sort((a, b) => a - b);
  let left = room;
  for (const [i, want] of sorted.entries()) {
    const even = left / (sorted.length - i);
    if (want > even) return Math.floor(even);
    left -= want;
  }
  return Math.floor(room);
}

/**
 * A tier's items with their pictures, the row's room shared so that no long label takes its
 * neighbours' (each cut with an ellipsis to its share). When a share is too narrow to read a
 * label beside its picture, pictured items show the picture alone; the others keep the label.
 */
function pictureItems(
  tier: CardTier,
  images: readonly (CardPicture | null)[],
  pictures: Pictures,
  square: number,
  size: number,
): Node[] {
  const more = moreText(tier);
  const room =
    TIER_ITEMS_WIDTH -
    (more ? textWidth(more, size) + TIER_GAP : 0) -
    TIER_GAP * (tier.items.length - 1);
  const gap = Math.round(size / 2.5);
  const drawn = tier.items.map((label, i) => ({
    label,
    picture: thumb(images[i], pictures, square),
  }));
  const wants = (labelled: boolean) =>
    drawn.map(({ label, picture }) =>
      picture && !labelled ? square : (picture ? square + gap : 0) + textWidth(label || '…', size),
    );
  let cap = fairCap(wants(true), room);
  const labelled = cap - square - gap >= size * 3.5;
  if (!labelled) cap = fairCap(wants(false), room);
  const style = { fontSize: size, fontWeight: 700, color: '#ffffff' };
  return [
    ...drawn.map(({ label, picture }) => {
      if (!picture) return chip(null, label, style, cap);
      return labelled ? chip(picture, label, style, cap - square - gap) : picture;
    }),
    ...(more
      ? [el('div', { display: 'flex', flexShrink: 0, fontSize: size, color: '#bfb3ec' }, more)]
      : []),
  ];
}

/**
 * The crowd's tier list: one row per tier, its label on the tier's colour (black or white text,
 * whichever contrasts more) and its first items on one line (each beside its picture when the
 * tier has pictures). Rows share the height (2 to 10).
 */
function tierRows(tiers: NonNullable<PublicCard['tiers']>, pictures: Pictures): Node[] {
  const size = tiers.length <= 5 ? 30 : tiers.length <= 7 ? 24 : 18;
  // Rows share about 290 px (a two-line prompt leaves that much); a picture fills its row.
  const square = Math.max(
    14,
    Math.min(PREVIEW_PICTURE_PX, Math.floor((290 - 8 * (tiers.length - 1)) / tiers.length) - 8),
  );
  return tiers.map((tier) => {
    const more = moreText(tier);
    const images = tier.images ?? [];
    const items = anyDrawn(images, pictures)
      ? pictureItems(tier, images, pictures, square, size)
      : [
          oneLine(
            { fontSize: size, fontWeight: 700, color: tier.items.length ? '#ffffff' : '#bfb3ec' },
            tier.items.length
              ? `${tier.items.map((label) => label || '…').join(' · ')}${more}`
              : '—',
          ),
        ];
    return el(
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
        oneLine({}, tier.label),
      ),
      el(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          gap: TIER_GAP,
          flexGrow: 1,
          minWidth: 0,
          padding: '0 20px',
          overflow: 'hidden',
        },
        ...items,
      ),
    );
  });
}

/** The first items while there are no leaders: on one line, or two by two with pictures. */
function itemsBody(card: PublicCard, pictures: Pictures): Node {
  const images = card.itemImages ?? [];
  if (!anyDrawn(images, pictures)) {
    return oneLine(
      { fontSize: 36, color: '#ece6ff' },
      card.items.map((label) => label || '…').join(' · '),
    );
  }
  const cell = (label: string, i: number) =>
    el(
      'div',
      { display: 'flex', flexGrow: 1, flexBasis: 0, minWidth: 0 },
      chip(
        thumb(images[i], pictures, PREVIEW_PICTURE_PX, true),
        label,
        { fontSize: 34, color: '#ece6ff' },
        // Half the row, less the picture and the gap between the columns.
        (OG_WIDTH - 2 * 72) / 2 - PREVIEW_PICTURE_PX - 14 - 24,
      ),
    );
  const pairs = [card.items.slice(0, 2), card.items.slice(2, 4)].filter((pair) => pair.length);
  return el(
    'div',
    { display: 'flex', flexDirection: 'column', gap: 16, flexShrink: 0 },
    ...pairs.map((pair, r) =>
      el(
        'div',
        { display: 'flex', gap: 24, width: '100%' },
        ...pair.map((label, c) => cell(label, 2 * r + c)),
        ...(pair.length === 1 ? [el('div', { display: 'flex', flexGrow: 1, flexBasis: 0 })] : []),
      ),
    ),
  );
}

function layout(card: PublicCard, pictures: Pictures, fontFamily: string): Node {
  const prompt = card.prompt || 'A rank on Crowned';
  const leaders = card.leaders?.slice(0, PREVIEW_LEADERS) ?? [];
  const leaderPictures = anyDrawn(
    leaders.map((leader) => leader.image),
    pictures,
  );
  const body = card.tiers
    ? tierRows(card.tiers, pictures)
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
          ...leaders.map((leader) =>
            row(
              leader.place,
              leader.tied,
              leader.label,
              leader.note,
              leaderPictures ? thumb(leader.image, pictures, PREVIEW_PICTURE_PX, true) : null,
            ),
          ),
        ]
      : [
          itemsBody(card, pictures),
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

/** The pictures' bytes as the layout draws them (data URLs), by address. */
function picturesOf(drawn: DrawnPictures): Pictures {
  return new Map(
    Object.entries(drawn).map(([url, bytes]) => [
      url,
      bytes === 'placeholder'
        ? bytes
        : `data:image/png;base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`,
    ]),
  );
}

/** The image as SVG (satori): the texts cleaned to what the fonts draw, the fonts they need. */
export async function renderOgSvg(
  card: PublicCard,
  options: { embedFont?: boolean; pictures?: DrawnPictures } = {},
): Promise<string> {
  const texts: string[] = [];
  mapTexts(card, (text) => {
    texts.push(text);
    return text;
  });
  const prepared = await prepareText(texts);
  let next = 0;
  const drawn = mapTexts(card, () => prepared.texts[next++] ?? '');
  const pictures = picturesOf(options.pictures ?? {});
  return satori(layout(drawn, pictures, prepared.fontFamily) as unknown as ReactNode, {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: prepared.fonts,
    graphemeImages: prepared.graphemeImages,
    embedFont: options.embedFont ?? true,
  });
}

export async function renderOgImage(card: PublicCard, pictures?: DrawnPictures): Promise<Buffer> {
  const svg = await renderOgSvg(card, { pictures });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
