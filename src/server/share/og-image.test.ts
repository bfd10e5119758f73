/**
 * The preview image draws every script people write prompts in (issue 22, row 17): Latin, Greek,
 * Cyrillic, Arabic, Hebrew, Devanagari, Chinese, Japanese, Korean and emoji, without a "NO
 * GLYPH" box; what no font has is left out; long text is cut with an ellipsis, inside the image.
 *
 * A box is found by satori's own output: each grapheme is laid out alone, in the same place and
 * with the same fonts as a private-use character no font has (which satori draws as the first
 * font's .notdef box); the same SVG means a box. The check is first shown to find boxes with the
 * fonts the image had before (Inter alone).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReactNode } from 'react';
import satori from 'satori';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CardPicture, PublicCard } from '../../domain/card';
import { PLACEHOLDER_COLOR } from '../../domain/images';
import { PROJECT_ROOT } from '../platform/project-root';
import { prepareText, type SatoriFont } from './og-fonts';
import { renderOgImage, renderOgSvg, type DrawnPictures } from './og-image';

const SAMPLES: Record<string, string> = {
  latin: 'Crème brûlée, Ñandú & Œuvre',
  greek: 'Ελληνική κουζίνα',
  cyrillic: 'Лучший борщ',
  arabic: 'أفضل نكهة بيتزا',
  hebrew: 'הפיצה הכי טובה',
  devanagari: 'सबसे अच्छा समोसा क्षत्रिय',
  chinese: '世界上最好吃的拉面',
  japanese: 'ラーメンとおすし',
  korean: '가장 맛있는 라면',
  emoji: '🍕❤️🇫🇷👩‍💻1️⃣',
};

/** A character no font here has: satori draws it as the first font's .notdef ("NO GLYPH"). */
const MISSING = '\uE000';

type Fonts = { fonts: SatoriFont[]; fontFamily: string; graphemeImages: Record<string, string> };

function textSvg(text: string, { fonts, fontFamily, graphemeImages }: Fonts): Promise<string> {
  const node = {
    type: 'div',
    key: null,
    props: { style: { display: 'flex', fontSize: 40, fontFamily }, children: [text] },
  };
  return satori(node as unknown as ReactNode, {
    width: 120,
    height: 80,
    fonts,
    graphemeImages,
  });
}

/** The graphemes of `text` that satori draws as a .notdef box with these fonts. */
async function boxes(text: string, fonts: Fonts): Promise<string[]> {
  const box = await textSvg(MISSING, fonts);
  expect(box).toContain('<path');
  const found: string[] = [];
  const segments = new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text);
  for (const { segment } of segments) {
    if (segment.trim() === '') continue;
    if ((await textSvg(segment, fonts)) === box) found.push(segment);
  }
  return found;
}

/** The fonts the image had before: Inter's subsets only, no emoji pictures. */
async function interOnly(): Promise<Fonts> {
  const subsets = ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext'];
  const dir = path.join(PROJECT_ROOT, 'node_modules/@fontsource/inter/files');
  const fonts = await Promise.all(
    subsets.map(async (subset) => ({
      name: `Inter ${subset}`,
      weight: 400 as const,
      style: 'normal' as const,
      data: await readFile(path.join(dir, `inter-${subset}-400-normal.woff`)),
    })),
  );
  return { fonts, fontFamily: fonts.map((font) => font.name).join(', '), graphemeImages: {} };
}

describe('the preview image’s scripts', () => {
  it('finds the boxes the image used to draw (the check itself works)', async () => {
    const before = await interOnly();
    expect(await boxes(SAMPLES.latin!, before)).toEqual([]);
    for (const script of ['arabic', 'hebrew', 'devanagari', 'chinese', 'korean', 'emoji']) {
      expect((await boxes(SAMPLES[script]!, before)).length, script).toBeGreaterThan(0);
    }
  }, 60_000);

  it.each(Object.keys(SAMPLES))(
    'draws %s without a box',
    async (script) => {
      const sample = SAMPLES[script]!;
      const prepared = await prepareText([sample]);
      // Nothing of the sample was left out...
      expect(prepared.texts).toEqual([sample.replace(/\s+/g, ' ')]);
      // ...and nothing of it is drawn as a box.
      expect(await boxes(sample, prepared)).toEqual([]);
    },
    60_000,
  );

  it('leaves out what no font has rather than drawing a box', async () => {
    const prepared = await prepareText([`Pizza ${MISSING} time\u{10FFFD}`, MISSING]);
    expect(prepared.texts).toEqual(['Pizza time', '']);
    expect(await boxes(prepared.texts[0]!, prepared)).toEqual([]);
  });

  it('loads only the fonts a text needs', async () => {
    const latin = await prepareText(['Best pizza']);
    expect(new Set(latin.fonts.map((font) => font.name))).toEqual(new Set(['inter latin']));
    const mixed = await prepareText(['Best 拉面', 'שלום']);
    const names = new Set(mixed.fonts.map((font) => font.name));
    expect([...names].some((name) => name.startsWith('noto-sans-sc '))).toBe(true);
    expect(names.has('noto-sans-hebrew hebrew')).toBe(true);
    expect([...names].some((name) => name.startsWith('noto-sans-arabic'))).toBe(false);
  });
});

describe('the preview image’s text', () => {
  const long =
    'The absolutely definitive ranking of every pizza topping anyone has ever put on a pizza anywhere in the whole wide world, ever';
  const card = (overrides: Partial<PublicCard>): PublicCard => ({
    id: 'g1',
    prompt: long,
    players: 3,
    closed: false,
    locked: true,
    items: [`${long} (one)`, `${long} (two)`, 'Tacos', 'Ramen'],
    method: 'mean',
    leaders: null,
    ...overrides,
  });

  /** Text without its spaces (satori lays out word by word). */
  const squash = (text: string) => text.replace(/\s+/g, '');

  /** The text satori lays out (embedFont off: <text> elements), and where. */
  async function texts(input: PublicCard) {
    const svg = await renderOgSvg(input, { embedFont: false });
    return [...svg.matchAll(/<text x="([\d.-]+)" y="([\d.-]+)"[^>]*>([^<]*)<\/text>/g)].map(
      ([, x, y, text]) => ({ x: Number(x), y: Number(y), text: text ?? '' }),
    );
  }

  it('cuts a long prompt and long locked items with an ellipsis, inside the image', async () => {
    const laid = await texts(card({}));
    const all = squash(laid.map((piece) => piece.text).join(''));
    // The prompt's end and the items' ends are not there; two ellipses say so.
    expect(all).toContain(squash('The absolutely definitive ranking'));
    expect(all).not.toContain(squash('wide world, ever'));
    expect(all).not.toContain('(one)');
    expect(all.match(/…/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(all).toContain(squash('Results are revealed when the game closes'));
    for (const piece of laid) {
      expect(piece.x).toBeGreaterThanOrEqual(0);
      expect(piece.x).toBeLessThan(1200);
      expect(piece.y).toBeLessThan(630);
    }
  });

  it('cuts long leaders with an ellipsis', async () => {
    const laid = await texts(
      card({
        locked: false,
        leaders: [
          { label: `${long} (first)`, firstShare: 0.5, place: 1, tied: false, note: '50% first' },
          { label: 'Sushi', firstShare: 0.3, place: 2, tied: true, note: '30% first' },
          { label: 'Tacos', firstShare: 0.2, place: 2, tied: true, note: '20% first' },
        ],
      }),
    );
    const all = squash(laid.map((piece) => piece.text).join(''));
    expect(all).not.toContain('(first)');
    expect(all).toContain('50%first');
    expect(all).toContain('…');
    // Tied leaders share a place.
    expect(all.match(/=2/g)?.length).toBe(2);
  });

  it('says how the leaders are counted when it is not the average position', async () => {
    const leaders = [
      { label: 'Rigatoni', firstShare: 0.67, place: 1, tied: false, note: 'beats 4, loses to 0' },
      { label: 'Penne', firstShare: 0.33, place: 2, tied: false, note: 'beats 3, loses to 1' },
    ];
    const all = squash(
      (await texts(card({ locked: false, method: 'schulze', leaders })))
        .map((piece) => piece.text)
        .join(''),
    );
    expect(all).toContain(squash('Head to head (Schulze)'));
    expect(all).toContain(squash('beats 4, loses to 0'));
    expect(all).not.toContain('%first');
  });

  it('draws a tiers game’s crowd tier list: rows in the tier colours, each with its first items', async () => {
    const tiers = [
      { label: 'S', color: '#ff7f7f', items: ['Pizza', 'Sushi'], more: 0 },
      { label: 'Very good indeed', color: '#1e3a8a', items: ['Tacos'], more: 4 },
      { label: 'B', color: '#ffdf80', items: [], more: 0 },
    ];
    const leaders = [
      { label: 'Leader', firstShare: 0.5, place: 1, tied: false, note: '50% first' },
    ];
    const svg = await renderOgSvg(card({ locked: false, leaders, tiers }), { embedFont: false });
    const laid = [...svg.matchAll(/<text [^>]*fill="([^"]+)"[^>]*>([^<]*)<\/text>/g)].map(
      ([, fill, text]) => ({ fill, text: text ?? '' }),
    );
    const all = squash(laid.map((piece) => piece.text).join(''));
    expect(all).toContain(squash('Pizza · Sushi'));
    expect(all).toContain(squash('Tacos +4 more'));
    // The tier list replaces the ranked leaders.
    expect(all).not.toContain('Leader');
    // Each tier's colour is drawn, its label black or white by contrast.
    for (const tier of tiers) expect(svg).toContain(`fill="${tier.color}"`);
    expect(laid.find((piece) => piece.text === 'S')?.fill).toBe('#000000');
    expect(laid.find((piece) => piece.text === 'Very')?.fill).toBe('#ffffff');
    const png = await renderOgImage(
      card({ prompt: 'Fruit tier list', locked: false, leaders, tiers }),
    );
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    if (process.env.OG_SHOT) await writeFile(process.env.OG_SHOT, png);
    // Ten tiers (the most) still fit, each row a line.
    const ten = Array.from({ length: 10 }, (_, i) => ({
      label: `Tier ${i + 1}`,
      color: i % 2 ? '#222222' : '#eeeeee',
      items: [`${long} (${i})`],
      more: 0,
    }));
    const tall = await renderOgSvg(card({ locked: false, leaders, tiers: ten }), {
      embedFont: false,
    });
    const ys = [...tall.matchAll(/<text x="[\d.-]+" y="([\d.-]+)"[^>]*>Tier<\/text>/g)].map(
      ([, y]) => Number(y),
    );
    expect(ys).toHaveLength(10);
    for (const y of ys) expect(y).toBeLessThan(560);
    if (process.env.OG_SHOT) {
      await writeFile(
        process.env.OG_SHOT.replace('.png', '-10.png'),
        await renderOgImage(card({ locked: false, leaders, tiers: ten })),
      );
    }
  });

  it('renders a 1200×630 PNG', async () => {
    const png = await renderOgImage(card({ prompt: 'ラーメン 🍜 مرحبا' }));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

describe('the preview image’s pictures', () => {
  const picture = (name: string): CardPicture => ({
    thumbUrl: `/img/${name}.thumb.webp`,
    alt: `A ${name} square`,
  });
  const leaders = [
    {
      label: 'Red',
      firstShare: 0.5,
      place: 1,
      tied: false,
      note: '50% first',
      image: picture('red'),
    },
    {
      label: 'Hidden',
      firstShare: 0.3,
      place: 2,
      tied: false,
      note: '30% first',
      image: picture('grey'),
    },
    { label: 'Plain', firstShare: 0.2, place: 3, tied: false, note: '20% first' },
  ];
  const card: PublicCard = {
    id: 'g1',
    prompt: 'Best squares',
    players: 3,
    closed: false,
    locked: false,
    items: ['Red', 'Hidden', 'Plain'],
    itemImages: [picture('red'), picture('grey'), null],
    method: 'mean',
    leaders,
  };
  const RED = [208, 16, 16];
  const GREY = [0, 2, 4].map((at) => parseInt(PLACEHOLDER_COLOR.slice(1 + at, 3 + at), 16));

  async function square(rgb: number[]): Promise<Uint8Array> {
    const background = { r: rgb[0]!, g: rgb[1]!, b: rgb[2]! };
    return new Uint8Array(
      await sharp({ create: { width: 64, height: 64, channels: 3, background } })
        .png()
        .toBuffer(),
    );
  }

  /** Pixels of the PNG within 6 of this colour on each channel. */
  async function pixelsOf(png: Buffer, rgb: number[]): Promise<number> {
    const { data, info } = await sharp(png)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let count = 0;
    for (let at = 0; at < data.length; at += info.channels) {
      if (rgb.every((value, i) => Math.abs((data[at + i] ?? 0) - value) <= 6)) count++;
    }
    return count;
  }

  it('draws each leader’s picture beside its label, and the placeholder for a hidden one', async () => {
    const pictures: DrawnPictures = {
      [picture('red').thumbUrl]: await square(RED),
      [picture('grey').thumbUrl]: 'placeholder',
    };
    const png = await renderOgImage(card, pictures);
    if (process.env.OG_SHOT)
      await writeFile(process.env.OG_SHOT.replace('.png', '-pictures.png'), png);
    // A 64 px rounded square is about 3,900 pixels; the text-only image has none of these.
    expect(await pixelsOf(png, RED)).toBeGreaterThan(3000);
    expect(await pixelsOf(png, GREY)).toBeGreaterThan(3000);
    const text = await renderOgImage({
      ...card,
      leaders: leaders.map(({ image: _, ...rest }) => rest),
    });
    expect(await pixelsOf(text, RED)).toBe(0);
    expect(await pixelsOf(text, GREY)).toBeLessThan(200);
    // Each picture sits between its place and its label, on its row.
    const svg = await renderOgSvg(card, { embedFont: false, pictures });
    const drawn = [
      ...svg.matchAll(/<image [^>]*x="([\d.]+)" y="([\d.]+)" width="64" height="64"/g),
    ];
    expect(drawn).toHaveLength(1);
    const label = /<text x="([\d.]+)" y="([\d.]+)"[^>]*>Red<\/text>/.exec(svg);
    expect(Number(drawn[0]![1])).toBeLessThan(Number(label![1]));
  });

  it('lays a card out as text when none of its pictures is drawn (gone, or not given)', async () => {
    const text: PublicCard = {
      ...card,
      itemImages: undefined,
      leaders: leaders.map(({ image: _, ...rest }) => rest),
    };
    expect(await renderOgSvg(card, { embedFont: false })).toBe(
      await renderOgSvg(text, { embedFont: false }),
    );
    const locked = { ...card, locked: true, leaders: null };
    expect(await renderOgSvg(locked, { embedFont: false })).toBe(
      await renderOgSvg({ ...locked, itemImages: undefined }, { embedFont: false }),
    );
  });

  it('draws the first items two by two with their pictures while results are locked', async () => {
    const locked = { ...card, locked: true, leaders: null };
    const png = await renderOgImage(locked, { [picture('red').thumbUrl]: await square(RED) });
    expect(await pixelsOf(png, RED)).toBeGreaterThan(3000);
    // The note below them still fits.
    const svg = await renderOgSvg(locked, { embedFont: false });
    const words = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)]
      .map(([, text]) => text)
      .join('');
    expect(words.replace(/\s+/g, '')).toContain('Resultsarerevealedwhenthegamecloses');
  });

  it('shares a crowded tier row: long labels cut, pictures alone when too little room is left', async () => {
    const many = ['Corgi', 'Pug', 'Beagle', 'Dachshund', 'Shiba Inu', 'Golden retriever'];
    const tiers = [
      {
        label: 'S',
        color: '#ff7f7f',
        items: many,
        images: many.map(() => picture('red')),
        more: 3,
      },
      {
        label: 'A',
        color: '#ffbf7f',
        items: many.slice(0, 2),
        images: [picture('red'), null],
        more: 0,
      },
    ];
    const pictures = { [picture('red').thumbUrl]: await square(RED) };
    const svg = await renderOgSvg({ ...card, tiers }, { embedFont: false, pictures });
    const texts = [...svg.matchAll(/<text x="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map(
      ([, x, text]) => ({ x: Number(x), text: text ?? '' }),
    );
    // The crowded row shows its pictures alone (no label there), the other row its labels.
    expect(texts.filter((piece) => piece.text === 'Beagle')).toHaveLength(0);
    expect(texts.filter((piece) => piece.text === 'Corgi')).toHaveLength(1);
    expect(texts.filter((piece) => piece.text === 'Pug')).toHaveLength(1);
    expect(texts.some((piece) => piece.text === 'more')).toBe(true);
    for (const piece of texts) expect(piece.x).toBeLessThan(1200 - 72);
    expect([...svg.matchAll(/<image /g)].length).toBeGreaterThanOrEqual(7);
  });
});
