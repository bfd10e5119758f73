import { describe, expect, it } from 'vitest';
import { importedBallots, importRowCount, IMPORT_MESSAGES } from './ballot-import';
import type { BallotSpec } from './ballot';
import { ballotHeader, ballotLine, ballotRecord, tierBallotHeader } from './exports';
import { MAX_IMPORT_BALLOTS } from './limits';

const items = [
  { id: 'a', label: 'Pizza' },
  { id: 'b', label: '=Tacos' },
  { id: 'c', label: 'Sushi, raw' },
  { id: 'd', label: 'Crème brûlée' },
];
const now = new Date('2026-11-28T10:00:00.000Z');
const ranking: BallotSpec = { kind: 'ranking' };
const top2: BallotSpec = { kind: 'top', n: 2 };
const tiers: BallotSpec = {
  kind: 'tiers',
  tiers: [
    { label: 'S', color: '#ff7f7f' },
    { label: 'A', color: '#ffbf7f' },
    { label: 'B', color: '#ffdf80' },
  ],
};
const read = (text: string, ballot: BallotSpec) => importedBallots(text, { items, ballot }, now);

describe('importedBallots', () => {
  it('reads back what the export writes, for every kind', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const full = ballotRecord({ name: 'Ann', at, ranking: ['c', 'a', 'd', 'b'] }, items);
    expect(read(`\uFEFF${ballotHeader(4)}${ballotLine(full)}`, ranking)).toEqual([
      { name: 'Ann', at, ranking: ['c', 'a', 'd', 'b'], groups: [['c'], ['a'], ['d'], ['b']] },
    ]);
    const picks = ballotRecord({ name: 'Bo', at, ranking: ['b', 'd'] }, items);
    expect(read(ballotHeader(2) + ballotLine(picks), top2)).toEqual([
      { name: 'Bo', at, ranking: ['b', 'd'], groups: [['b'], ['d']] },
    ]);
    const tiered = ballotRecord({ name: 'Cy', at, tiers: [['c', 'b'], [], ['a']] }, items);
    expect(read(tierBallotHeader(['S', 'A', 'B']) + ballotLine(tiered), tiers)).toEqual([
      { name: 'Cy', at, ranking: ['c', 'b', 'a'], groups: [['c', 'b'], [], ['a']] },
    ]);
  });

  it('gives an empty name "Anonymous" and an empty time now; matches labels loosely', () => {
    const text = 'name,submitted_at,1,2\r\n,,pizza,CRÈME BRÛLÉE\r\n';
    expect(read(text, top2)).toEqual([
      { name: 'Anonymous', at: now, ranking: ['a', 'd'], groups: [['a'], ['d']] },
    ]);
  });

  it('names the row and the rule of the first bad row', () => {
    const head = 'name,submitted_at,1,2\n';
    const ok = 'Ann,,Pizza,=Tacos\n';
    expect(() => read(`${head}${ok}\n${ok}Bo,,Pizza\n`, top2)).toThrow(
      'Row 5: Pick exactly 2 items',
    );
    expect(() => read(`${head}Bo,,Pizza,Pizza\n`, top2)).toThrow(
      'Row 2: Ranking lists an item twice',
    );
    expect(() => read(`${head}Bo,,Pizza,Burger\n`, top2)).toThrow(
      'Row 2: Ranking has an item that is not in this game: "Burger"',
    );
    expect(() => read(`${head}Bo,yesterday,Pizza,Sushi\n`, top2)).toThrow(
      `Row 2: ${IMPORT_MESSAGES.badTime}`,
    );
    expect(() => read(`${head}${'x'.repeat(41)},,Pizza,=Tacos\n`, top2)).toThrow(
      'Row 2: Name must be',
    );
    expect(() => read(`${head}Bo,,Pizza,=Tacos,x\n`, top2)).toThrow(
      'Row 2: More cells than the header has columns',
    );
    expect(() => read(`name,submitted_at,1,2,3,4\nBo,,Pizza\n`, ranking)).toThrow(
      'Row 2: Ranking must list every item exactly once',
    );
    expect(() => read(`${head}Bo,,"Pizza\n`, top2)).toThrow(
      'Line 2: A quoted field is never closed',
    );
    expect(() => read('who,when\n', top2)).toThrow(
      'Row 1: The first line must start with name,submitted_at',
    );
    expect(() => read(head, top2)).toThrow(IMPORT_MESSAGES.empty);
  });

  it('checks tier rows as tier submissions', () => {
    const head = 'name,submitted_at,S,A,B\n';
    expect(() => read(`${head}Ann,,Pizza,"Pizza\nSushi, raw",\n`, tiers)).toThrow(
      'Row 2: An item can be in one tier only',
    );
    expect(() => read(`${head}Ann,,,,\n`, tiers)).toThrow('Row 2: Put at least one item in a tier');
    expect(() => read(`${head}Ann,,Pizza,Sushi\n`, tiers)).toThrow(
      'Row 2: Every row needs 3 tier cells',
    );
    expect(() => read(`${head}Ann,,Burger,,\n`, tiers)).toThrow(
      'Row 2: A tier has an item that is not in this game: "Burger"',
    );
    expect(() => read(`name,submitted_at,S,A\n`, tiers)).toThrow(
      'Row 1: The header must name 3 tiers',
    );
  });

  it('takes 10,000 ballots and refuses one more', () => {
    const rows = (count: number) => `name,submitted_at,1,2\n${'Ann,,Pizza,=Tacos\n'.repeat(count)}`;
    expect(read(rows(MAX_IMPORT_BALLOTS), top2)).toHaveLength(MAX_IMPORT_BALLOTS);
    expect(() => read(rows(MAX_IMPORT_BALLOTS + 1), top2)).toThrow(
      'Import at most 10,000 ballots at a time (this file has 10,001)',
    );
  });

  it("counts a file's ballots as the import reads them, before any row is checked", () => {
    const cell = '"Pizza\nSushi, raw"';
    const text = `name,submitted_at,S,A,B\r\nAnn,,${cell},,\r\n\r\nBo,,Burger,,\r\n`;
    expect(importRowCount(text, tiers)).toBe(2);
    expect(() => importRowCount('name,submitted_at,S\n', tiers)).toThrow(
      'Row 1: The header must name 3 tiers',
    );
    expect(() => importRowCount('name,submitted_at,1,2\n', top2)).toThrow(IMPORT_MESSAGES.empty);
  });

  it('names both items that share a label, once each', () => {
    const twins = [...items, { id: 'e', label: 'Pizza' }];
    const text = 'name,submitted_at,1,2\nAnn,,Pizza,Pizza\n';
    expect(importedBallots(text, { items: twins, ballot: top2 }, now)[0]?.ranking).toEqual([
      'a',
      'e',
    ]);
  });
});
