import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { qrDrawing, qrFor, QUIET_ZONE } from './qr-path';

/** Reads a path made of `M x y h w v1 h-w z` runs back into the set of dark cells "x,y". */
function darkCells(path: string): Set<string> {
  const cells = new Set<string>();
  for (const run of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    const [, x, y, width, back] = run.map(Number) as [number, number, number, number, number];
    expect(back).toBe(width);
    for (let i = 0; i < width; i++) cells.add(`${x + i},${y}`);
  }
  return cells;
}

function expectedCells(matrix: boolean[][], margin: number): Set<string> {
  const cells = new Set<string>();
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) cells.add(`${x + margin},${y + margin}`);
    }),
  );
  return cells;
}

describe('qrDrawing', () => {
  it('draws exactly the dark modules, shifted by the quiet zone', () => {
    const matrix = [
      [true, true, false, true],
      [false, false, false, false],
      [true, false, true, true],
      [true, true, true, true],
    ];
    const drawing = qrDrawing(matrix, 2);
    expect(drawing.size).toBe(8);
    expect(drawing.path).toBe('M2 2h2v1h-2zM5 2h1v1h-1zM2 4h1v1h-1zM4 4h2v1h-2zM2 5h4v1h-4z');
    expect(darkCells(drawing.path)).toEqual(expectedCells(matrix, 2));
  });

  it('draws nothing for an all-light matrix', () => {
    expect(
      qrDrawing(
        [
          [false, false],
          [false, false],
        ],
        1,
      ),
    ).toEqual({ path: '', size: 4 });
  });
});

describe('qrFor', () => {
  it('is the code uqr makes for the text, with a 4-module quiet zone', () => {
    const link = 'https://crowned.example/g/aB3dE5gH7j';
    const { data } = encode(link, { ecc: 'M', border: 0 });
    const drawing = qrFor(link);
    expect(drawing.size).toBe(data.length + 2 * QUIET_ZONE);
    expect(darkCells(drawing.path)).toEqual(expectedCells(data, QUIET_ZONE));
    // Nothing is drawn in the quiet zone.
    for (const cell of darkCells(drawing.path)) {
      const [x, y] = cell.split(',').map(Number) as [number, number];
      expect(Math.min(x, y)).toBeGreaterThanOrEqual(QUIET_ZONE);
      expect(Math.max(x, y)).toBeLessThan(drawing.size - QUIET_ZONE);
    }
  });

  it('gives different codes for different links', () => {
    expect(qrFor('https://crowned.example/g/one').path).not.toBe(
      qrFor('https://crowned.example/g/two').path,
    );
  });
});
