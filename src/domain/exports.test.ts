import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ballotHeader,
  ballotLine,
  ballotRecord,
  csvField,
  csvLine,
  exportFileName,
  resultRecords,
} from './exports';
import { addRanking, emptyTally, summarize } from './results';

/** A strict RFC 4180 reader: what a spreadsheet sees in one line's fields. */
function parseLine(line: string): string[] {
  expect(line.endsWith('\r\n')).toBe(true);
  const text = line.slice(0, -2);
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (text[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        expect(quote).toBeGreaterThanOrEqual(0);
        value += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      fields.push(value);
    } else {
      const comma = text.indexOf(',', i);
      const end = comma === -1 ? text.length : comma;
      const value = text.slice(i, end);
      expect(value).not.toMatch(/["\r\n]/);
      fields.push(value);
      i = end;
    }
    if (i >= text.length) return fields;
    expect(text[i]).toBe(',');
    i++;
  }
}

describe('CSV', () => {
  it('reads back every text as written, formulas made inert by one leading apostrophe', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 8 }), (row) => {
        const fields = parseLine(csvLine(row));
        expect(fields).toEqual(row.map((text) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)));
        for (const field of fields) expect(field).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });

  it('quotes commas, quotes and line breaks, and neutralises formulas', () => {
    expect(csvField('Pizza, extra cheese')).toBe('"Pizza, extra cheese"');
    expect(csvField('The "best"')).toBe('"The ""best"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-2)).toBe('-2');
    expect(csvField(null)).toBe('');
  });
});

describe('records', () => {
  const items = [
    { id: 'a', label: 'Pizza' },
    { id: 'b', label: 'Sushi' },
    { id: 'c', label: 'Tacos' },
  ];

  it('lists results in consensus order with their figures', () => {
    let tally = emptyTally();
    tally = addRanking(tally, ['b', 'a', 'c']);
    tally = addRanking(tally, ['b', 'c', 'a']);
    const records = resultRecords(summarize(tally, items));
    expect(records.map((r) => [r.rank, r.item, r.meanPosition, r.firstPlaces])).toEqual([
      [1, 'Sushi', 1, 2],
      [2, 'Pizza', 2.5, 0],
      [3, 'Tacos', 2.5, 0],
    ]);
    expect(records[0]?.firstShare).toBe(1);
  });

  it('writes a ballot as labels by position, leaving out removed items', () => {
    const record = ballotRecord(
      { name: 'Ann, the "first"', at: new Date('2026-01-02T03:04:05Z'), ranking: ['c', 'x', 'a'] },
      items,
    );
    expect(record).toEqual({
      name: 'Ann, the "first"',
      submittedAt: '2026-01-02T03:04:05.000Z',
      ranking: ['Tacos', 'Pizza'],
    });
    expect(parseLine(ballotHeader(3))).toEqual(['name', 'submitted_at', '1', '2', '3']);
    expect(parseLine(ballotLine(record))).toEqual([
      'Ann, the "first"',
      '2026-01-02T03:04:05.000Z',
      'Tacos',
      'Pizza',
    ]);
  });

  it('names the file after the prompt', () => {
    expect(exportFileName('Best pizza topping?', 'results', 'csv')).toBe(
      'best-pizza-topping-results.csv',
    );
    expect(exportFileName('Crème brûlée!', 'ballots', 'json')).toBe('creme-brulee-ballots.json');
    expect(exportFileName('🍕🍕', 'results', 'csv')).toBe('crowned-results.csv');
  });
});
