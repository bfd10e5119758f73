import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvRows,
  decodeItemFile,
  itemFileKind,
  itemFileProblem,
  itemsOfCsv,
  itemsOfFileText,
  readItemFile,
} from './item-file';
import { MAX_ITEM_FILE_BYTES, MAX_ITEM_LENGTH } from './limits';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('csvRows (RFC 4180)', () => {
  it('splits fields and records, with quotes holding separators, line breaks and quotes', () => {
    expect(csvRows('a,b\r\n"c, d","say ""hi"""\n"two\nlines",x\n')).toEqual([
      ['a', 'b'],
      ['c, d', 'say "hi"'],
      ['two\nlines', 'x'],
    ]);
  });

  it('keeps empty fields and a last record without a line break', () => {
    expect(csvRows(',a,\nb')).toEqual([['', 'a', ''], ['b']]);
    expect(csvRows('')).toEqual([]);
  });

  it('reads semicolon and tab separated files by their first line', () => {
    expect(csvRows('Pizza;4\nPasta, fresh;5')).toEqual([
      ['Pizza', '4'],
      ['Pasta, fresh', '5'],
    ]);
    expect(csvRows('Pizza\t4\nPasta\t5')).toEqual([
      ['Pizza', '4'],
      ['Pasta', '5'],
    ]);
  });

  it('reads a quote never closed as an ordinary character, losing no rows', () => {
    expect(csvRows('"Pizza\nPasta\nSushi')).toEqual([['"Pizza'], ['Pasta'], ['Sushi']]);
  });

  it('gives back any table written by the RFC 4180 rules', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r', 'é') });
    const table = fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), {
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(table, (rows) => {
        const width = rows[0]!.length;
        const even = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
        const text = even
          .map((row) => row.map((field) => `"${field.replaceAll('"', '""')}"`).join(','))
          .join('\r\n');
        expect(csvRows(text, ',')).toEqual(even);
      }),
    );
  });
});

describe('itemsOfCsv', () => {
  it('takes the first column of each row', () => {
    expect(itemsOfCsv('Pizza,4\nPasta,5\n"Sushi, salmon",2\n')).toEqual([
      'Pizza',
      'Pasta',
      'Sushi, salmon',
    ]);
  });

  it('skips a header row that names the items, and reads the column it names', () => {
    expect(itemsOfCsv('item\nPizza\nPasta')).toEqual(['Pizza', 'Pasta']);
    expect(itemsOfCsv(' Name ,votes\nPizza,4')).toEqual(['Pizza']);
    // Crowned's own results export: rank first, the item beside it.
    expect(itemsOfCsv('rank,item,mean_position\n1,Pizza,1.2\n2,Pasta,2.4')).toEqual([
      'Pizza',
      'Pasta',
    ]);
  });

  it('keeps a first row that is an item', () => {
    expect(itemsOfCsv('Pizza,4\nPasta,5')).toEqual(['Pizza', 'Pasta']);
  });

  it('cleans each cell as a pasted line and drops blank ones', () => {
    expect(itemsOfCsv('- Pizza\n,\n  \n"  Pasta\u200b "\n"Two\nlines"')).toEqual([
      'Pizza',
      'Pasta',
      'Two lines',
    ]);
    expect(itemsOfCsv(`${'a'.repeat(500)}\n`)).toEqual(['a'.repeat(MAX_ITEM_LENGTH)]);
  });
});

describe('itemsOfFileText', () => {
  it('reads a text file one item per line, a single line included', () => {
    expect(itemsOfFileText('Pizza', 'text')).toEqual(['Pizza']);
    expect(itemsOfFileText('1. Pizza\r\n\r\n2. Pasta, fresh\n', 'text')).toEqual([
      'Pizza',
      'Pasta, fresh',
    ]);
  });
});

describe('itemFileKind and itemFileProblem', () => {
  it('knows CSV and text files by name or type, and refuses others', () => {
    expect(itemFileKind({ name: 'list.CSV', type: '' })).toBe('csv');
    expect(itemFileKind({ name: 'list', type: 'application/vnd.ms-excel' })).toBe('csv');
    expect(itemFileKind({ name: 'list.tsv', type: 'text/tab-separated-values' })).toBe('csv');
    expect(itemFileKind({ name: 'list.txt', type: 'text/plain' })).toBe('text');
    expect(itemFileKind({ name: 'notes.md', type: 'text/markdown' })).toBe('text');
    expect(itemFileKind({ name: 'list', type: '' })).toBe('text');
    expect(itemFileKind({ name: 'photo.png', type: 'image/png' })).toBeNull();
    expect(
      itemFileKind({
        name: 'book.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    ).toBeNull();
  });

  it('refuses a file over the size limit before reading it', () => {
    const file = { name: 'list.txt', type: 'text/plain' };
    expect(itemFileProblem({ ...file, size: MAX_ITEM_FILE_BYTES })).toBeNull();
    expect(itemFileProblem({ ...file, size: MAX_ITEM_FILE_BYTES + 1 })).toBe('too-big');
    expect(itemFileProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBe('not-text');
  });
});

describe('decodeItemFile', () => {
  it('reads UTF-8 (with or without a mark), UTF-16 by its mark, and Windows-1252', () => {
    expect(decodeItemFile(bytes('Crème brûlée'))).toBe('Crème brûlée');
    expect(decodeItemFile(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('Pizza')]))).toBe('Pizza');
    const utf16 = [0xff, 0xfe, ...[...'Pâté'].flatMap((c) => [c.charCodeAt(0), 0])];
    expect(decodeItemFile(new Uint8Array(utf16))).toBe('Pâté');
    expect(decodeItemFile(new Uint8Array([0x50, 0xe2, 0x74, 0xe9]))).toBe('Pâté');
  });

  it('is null for binary data', () => {
    expect(decodeItemFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeNull();
  });
});

describe('readItemFile', () => {
  const csv = { name: 'list.csv', type: 'text/csv', size: 0 };
  it('gives the items of a file, or why there are none', () => {
    expect(readItemFile(csv, bytes('item\nPizza\nPasta\n'))).toEqual({ items: ['Pizza', 'Pasta'] });
    expect(readItemFile(csv, bytes('item\n\n ,\n'))).toEqual({ problem: 'empty' });
    expect(readItemFile(csv, bytes(''))).toEqual({ problem: 'empty' });
    expect(readItemFile(csv, new Uint8Array([0x50, 0x4b, 0x00]))).toEqual({
      problem: 'not-text',
    });
    expect(readItemFile(csv, new Uint8Array(MAX_ITEM_FILE_BYTES + 1).fill(0x41))).toEqual({
      problem: 'too-big',
    });
  });

  it('reads a browser File, whose name and type are getters on its prototype', () => {
    const file = new File(['Pizza\nPasta'], 'list.txt', { type: 'text/plain' });
    expect(readItemFile(file, bytes('Pizza\nPasta'))).toEqual({ items: ['Pizza', 'Pasta'] });
  });
});
