import { describe, expect, it } from 'vitest';
import { wrapText } from './my-ranking-image';

/** Every character 10 px wide. */
const measure = (text: string) => text.length * 10;

describe('wrapText', () => {
  it('breaks between words within the width', () => {
    expect(wrapText(measure, 'Best pizza topping ever made', 110, 3)).toEqual([
      'Best pizza',
      'topping',
      'ever made',
    ]);
  });

  it('ends the last allowed line with an ellipsis when text is left over', () => {
    const lines = wrapText(measure, 'one two three four five six', 90, 2);
    expect(lines).toEqual(['one two', 'three…']);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(90);
  });

  it('cuts a single word wider than the line', () => {
    expect(wrapText(measure, 'Supercalifragilistic', 60, 2)).toEqual(['Super…']);
  });
});
