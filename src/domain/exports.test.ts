import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ballotHeader,
  ballotLine,
  ballotRecord,
  CsvError,
  csvField,
  csvLine,
  exportFileName,
  parseBallotCsv,
  parseCsv,
  parseCsvField,
  resultRecords,
  tierBallotHeader,
  type BallotRecord,
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
        expect(fields).toEqual(
          row.map((text) => (/^'*[=+\-@\t\r]/.test(text) ? `'${text}` : text)),
        );
        for (const field of fields) expect(field).not.toMatch(/^[=+\-@\t\r]/);
        // The reader takes exactly the apostrophe added away, and reads what the parser read.
        expect(fields.map(parseCsvField)).toEqual(row);
        expect(parseCsv(csvLine(row))).toEqual([fields]);
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
    expect(csvField("'=1")).toBe("''=1");
    expect(csvField("'quoted'")).toBe("'quoted'");
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

describe('ballot CSV, written and read back', () => {
  const items = [
    { id: 'a', label: 'Pizza' },
    { id: 'b', label: 'Sushi, raw' },
    { id: 'c', label: '=Tacos' },
  ];
  const at = new Date('2026-01-02T03:04:05Z');

  it('writes a tier ballot one tier per column, labels on lines of a cell, empty tiers kept', () => {
    const record = ballotRecord({ name: 'Ann', at, tiers: [['c', 'a'], [], ['gone', 'b']] }, items);
    expect(record).toEqual({
      name: 'Ann',
      submittedAt: '2026-01-02T03:04:05.000Z',
      ranking: ['=Tacos', 'Pizza', 'Sushi, raw'],
      tiers: [['=Tacos', 'Pizza'], [], ['Sushi, raw']],
    });
    expect(tierBallotHeader(['S', 'A', 'B'])).toBe('name,submitted_at,S,A,B\r\n');
    expect(ballotLine(record)).toBe(
      'Ann,2026-01-02T03:04:05.000Z,"\'=Tacos\nPizza",,"Sushi, raw"\r\n',
    );
    const text = tierBallotHeader(['S', 'A', 'B']) + ballotLine(record);
    expect(parseBallotCsv(text, { kind: 'tiers', tierCount: 3 })).toEqual([
      { name: 'Ann', submittedAt: record.submittedAt, tiers: record.tiers },
    ]);
  });

  it('refuses what it cannot read, with the line', () => {
    const tiers = { kind: 'tiers', tierCount: 2 } as const;
    expect(() => parseBallotCsv('who,when\r\n', { kind: 'ranking' })).toThrow(CsvError);
    expect(() => parseBallotCsv('name,submitted_at,S\r\n', tiers)).toThrow(/2 tiers/);
    expect(() => parseBallotCsv('name,submitted_at,S,A\r\nAnn,x,a\r\n', tiers)).toThrow(/row 2/);
    expect(() => parseBallotCsv('name,submitted_at,1\r\nAnn,x,a,b\r\n', { kind: 'top' })).toThrow(
      /More cells/,
    );
    expect(() => parseCsv('a,"b\r\n')).toThrow(/never closed/);
    expect(() => parseCsv('a,b"c\r\n')).toThrow(/unquoted/);
    expect(() => parseCsv('a,"b"c\r\n')).toThrow(/after a closing quote/);
    expect(parseCsv('a,b\nc,"d\ne"')).toEqual([
      ['a', 'b'],
      ['c', 'd\ne'],
    ]);
  });

  // Labels as the game stores them: no line breaks or tabs (cleanText); names anything.
  const label = fc.string({ minLength: 1, maxLength: 12 }).filter((t) => !/[\r\n\t]/.test(t));
  const record = (tierCount: number | null) =>
    fc
      .record({
        name: fc.string({ maxLength: 12 }),
        at: fc.date({
          min: new Date('2000-01-01'),
          max: new Date('2100-01-01'),
          noInvalidDate: true,
        }),
        labels: fc.uniqueArray(label, { maxLength: 6 }),
        where: fc.array(fc.integer({ min: -1, max: Math.max(0, (tierCount ?? 1) - 1) }), {
          minLength: 6,
          maxLength: 6,
        }),
      })
      .map(({ name, at, labels, where }): BallotRecord => {
        const list = labels.map((l) => ({ id: l, label: l }));
        return tierCount === null
          ? ballotRecord({ name, at, ranking: labels }, list)
          : ballotRecord(
              {
                name,
                at,
                tiers: Array.from({ length: tierCount }, (_, t) =>
                  labels.filter((_, i) => where[i] === t),
                ),
              },
              list,
            );
      });

  it('reads back every ranking export unchanged', () => {
    fc.assert(
      fc.property(fc.array(record(null), { maxLength: 5 }), (records) => {
        const text = ballotHeader(6) + records.map(ballotLine).join('');
        expect(parseBallotCsv(text, { kind: 'ranking' })).toEqual(
          records.map(({ name, submittedAt, ranking }) => ({ name, submittedAt, ranking })),
        );
      }),
    );
  });

  it('reads back every tier export unchanged', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((t) => fc.tuple(fc.constant(t), fc.array(record(t), { maxLength: 5 }))),
        ([tierCount, records]) => {
          const header = tierBallotHeader(Array.from({ length: tierCount }, (_, t) => `T${t}`));
          const text = header + records.map(ballotLine).join('');
          expect(parseBallotCsv(text, { kind: 'tiers', tierCount })).toEqual(
            records.map(({ name, submittedAt, tiers }) => ({ name, submittedAt, tiers })),
          );
        },
      ),
    );
  });
});
