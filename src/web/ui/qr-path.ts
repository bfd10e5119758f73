/**
 * A QR code as one SVG path: the dark modules of `uqr`'s matrix, drawn as horizontal runs, with
 * a quiet zone around them. Pure, so the drawing is tested without a browser.
 */
import { encode } from 'uqr';

/** The standard quiet zone: 4 light modules on every side, which scanners need to find the code. */
export const QUIET_ZONE = 4;

export type QrDrawing = {
  /** The path `d` of the dark modules, in module units. */
  path: string;
  /** Width and height of the whole code with its quiet zone, in modules (the viewBox). */
  size: number;
};

/** Draws a module matrix (`true` for dark) as one path: one rectangle per run of dark modules. */
export function qrDrawing(matrix: readonly (readonly boolean[])[], margin = QUIET_ZONE): QrDrawing {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start + margin} ${y + margin}h${x - start}v1h-${x - start}z`);
    }
  });
  return { path: parts.join(''), size: matrix.length + 2 * margin };
}

/**
 * The QR code for a text (a link). Error correction M: a printed or photographed code with a
 * smudge still scans, and a share link stays a small, easy code.
 */
export function qrFor(text: string): QrDrawing {
  return qrDrawing(encode(text, { ecc: 'M', border: 0 }).data);
}
