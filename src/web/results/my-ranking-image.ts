/**
 * "My ranking" as a picture to post: the prompt, the viewer's own order (top ten), the brand and
 * the link, drawn on a canvas in the browser (1080×1350, the portrait size feeds and stories use).
 */

export const IMAGE_WIDTH = 1080;
export const IMAGE_HEIGHT = 1350;
const SHOWN = 10;
const PAD = 84;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';
const MEDALS = ['#f5c33b', '#c9cfdc', '#d79a66'];

export type MyRankingPicture = {
  prompt: string;
  labels: readonly string[];
  link: string;
  /** The picture's own words, from the catalogs. */
  words: { heading: string; more: (count: number) => string; brand: string };
};

/** Lines of at most `width` pixels, at most `max` of them (the last one ends in "…" if cut). */
export function wrapText(
  measure: (text: string) => number,
  text: string,
  width: number,
  max: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) <= width || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, max).map((l) => fit(measure, l, width));
  if (lines.length > max) kept[max - 1] = ellipsis(measure, kept[max - 1] ?? '', width);
  return kept;
}

/** The text, cut to `width` with "…" when it is wider. */
function fit(measure: (text: string) => number, text: string, width: number): string {
  return measure(text) <= width ? text : ellipsis(measure, text, width);
}

/** The text cut (if needed) so that it fits `width` with "…" after it. */
function ellipsis(measure: (text: string) => number, text: string, width: number): string {
  let cut = text;
  while (cut.length > 1 && measure(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

export function drawMyRanking(canvas: HTMLCanvasElement, picture: MyRankingPicture): void {
  canvas.width = IMAGE_WIDTH;
  canvas.height = IMAGE_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  const gradient = ctx.createLinearGradient(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT);
  gradient.addColorStop(0, '#221449');
  gradient.addColorStop(1, '#5234c2');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT);
  ctx.textBaseline = 'alphabetic';
  const measure = (text: string) => ctx.measureText(text).width;
  const inner = IMAGE_WIDTH - 2 * PAD;

  ctx.fillStyle = '#ffd966';
  ctx.font = `800 34px ${FONT}`;
  ctx.fillText(picture.words.heading, PAD, PAD + 30);

  ctx.fillStyle = '#ffffff';
  ctx.font = `800 64px ${FONT}`;
  let y = PAD + 120;
  for (const line of wrapText(measure, picture.prompt, inner, 3)) {
    ctx.fillText(line, PAD, y);
    y += 76;
  }

  const shown = picture.labels.slice(0, SHOWN);
  const footer = 150;
  const rowHeight = Math.min(120, (IMAGE_HEIGHT - footer - y - 20) / Math.max(shown.length, 1));
  y += 24;
  shown.forEach((label, index) => {
    const centre = y + rowHeight / 2;
    ctx.fillStyle = MEDALS[index] ?? 'rgb(255 255 255 / 16%)';
    ctx.beginPath();
    ctx.arc(PAD + 30, centre, 30, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = index < MEDALS.length ? '#221449' : '#ffffff';
    ctx.font = `800 32px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.fillText(String(index + 1), PAD + 30, centre + 11);
    ctx.textAlign = 'left';
    ctx.fillStyle = '#ffffff';
    ctx.font = `${index === 0 ? 800 : 600} ${index === 0 ? 46 : 40}px ${FONT}`;
    ctx.fillText(fit(measure, label, inner - 90), PAD + 90, centre + 14);
    y += rowHeight;
  });
  if (picture.labels.length > SHOWN) {
    ctx.fillStyle = '#d9d0f7';
    ctx.font = `600 30px ${FONT}`;
    ctx.fillText(picture.words.more(picture.labels.length - SHOWN), PAD + 90, y + 30);
  }

  ctx.fillStyle = '#ffd966';
  drawCrown(ctx, PAD, IMAGE_HEIGHT - PAD - 36, 48);
  ctx.font = `800 44px ${FONT}`;
  ctx.fillText(picture.words.brand, PAD + 64, IMAGE_HEIGHT - PAD);
  ctx.fillStyle = '#d9d0f7';
  ctx.font = `500 28px ${FONT}`;
  ctx.textAlign = 'right';
  ctx.fillText(fit(measure, picture.link, inner - 320), IMAGE_WIDTH - PAD, IMAGE_HEIGHT - PAD - 6);
  ctx.textAlign = 'left';
}

/** The brand's crown: three points on a band, `size` wide, top left at (x, y). */
function drawCrown(ctx: CanvasRenderingContext2D, x: number, y: number, size: number): void {
  const h = size * 0.8;
  ctx.beginPath();
  ctx.moveTo(x, y + h * 0.25);
  ctx.lineTo(x + size * 0.25, y + h * 0.55);
  ctx.lineTo(x + size * 0.5, y);
  ctx.lineTo(x + size * 0.75, y + h * 0.55);
  ctx.lineTo(x + size, y + h * 0.25);
  ctx.lineTo(x + size * 0.88, y + h * 0.85);
  ctx.lineTo(x + size * 0.12, y + h * 0.85);
  ctx.closePath();
  ctx.fill();
  ctx.fillRect(x + size * 0.12, y + h * 0.92, size * 0.76, h * 0.12);
}

export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not make the picture'))),
      'image/png',
    ),
  );
}
