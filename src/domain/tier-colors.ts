/**
 * Text on a tier's colour: dark or light, whichever contrasts more with it (WCAG 2 relative
 * luminance), so any colour a creator picks keeps its label readable: on the page and in the
 * share image. Pure.
 */

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance of #rrggbb (0 black … 1 white); null for anything else. */
export function luminance(color: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((hex) => channel(parseInt(hex, 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** 'dark' text on light colours, 'light' text on dark ones (by the larger contrast ratio). */
export function textOn(color: string): 'dark' | 'light' {
  const l = luminance(color);
  if (l === null) return 'dark';
  const withBlack = (l + 0.05) / 0.05;
  const withWhite = 1.05 / (l + 0.05);
  return withBlack >= withWhite ? 'dark' : 'light';
}
