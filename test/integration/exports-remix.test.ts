/**
 * The owner's downloads (results and ballots as CSV and JSON: content, escaping, formulas made
 * inert, no e-mails or user ids, owner only) and remixing a game (a new game of the caller's, same
 * prompt and items, no rules or results, credited).
 */
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../src/domain/game';
import { testDatabases } from '../support/server';
import { errorOf, useServer, type GameBody, type ResultsBody } from './harness';

type BallotsJson = {
  prompt: string;
  ballots: { name: string; submittedAt: string; ranking: string[] }[];
};

/** CSV text → rows of fields (RFC 4180, as a spreadsheet reads it; fetch drops the UTF-8 mark). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(field).toBe('');
  return rows;
}

describe.each(testDatabases)('exports and remix on %s', (kind) => {
  const h = useServer(kind);

  const exportPath = (game: GameView, file: string, what: string) =>
    `/api/games/${game.id}/${file}?what=${what}`;

  it('exports results and ballots as CSV and JSON, escaped, with no e-mails or user ids', async () => {
    const owner = await h.user('Owner');
    const items = ['Pizza, extra cheese', 'The "best" sushi', '=HYPERLINK("http://x")'];
    const game = await h.createGame(owner, items, 'Dinner, tonight?');
    const [pizza, sushi, formula] = game.items.map((item) => item.id);
    const ann = await h.user('Ann');
    const guest = await h.guest();
    expect((await h.submit(ann, game.id, [sushi, pizza, formula])).status).toBe(200);
    expect((await h.submit(guest, game.id, [sushi, formula, pizza], { name: '@Bob' })).status).toBe(
      200,
    );
    // A partial ranking is progress, not a ballot.
    const carol = await h.user('Carol');
    expect((await h.submit(carol, game.id, [pizza], { partial: true })).status).toBe(200);

    const results = await owner.request<string>('GET', exportPath(game, 'export.csv', 'results'));
    expect(results.status).toBe(200);
    expect(results.headers.get('content-type')).toContain('text/csv');
    expect(results.headers.get('content-disposition')).toBe(
      'attachment; filename="dinner-tonight-results.csv"',
    );
    const table = readCsv(results.body);
    expect(table[0]).toEqual([
      'rank',
      'item',
      'mean_position',
      'first_places',
      'first_share',
      'contested',
      'picture',
    ]);
    expect(table.slice(1).map((row) => row.slice(0, 4))).toEqual([
      ['1', 'The "best" sushi', '1', '2'],
      // Equal means and duels: label order ('=' before 'P').
      ['2', `'=HYPERLINK("http://x")`, '2.5', '0'],
      ['3', 'Pizza, extra cheese', '2.5', '0'],
    ]);

    const ballots = await owner.request<string>('GET', exportPath(game, 'export.csv', 'ballots'));
    expect(ballots.status).toBe(200);
    const rows = readCsv(ballots.body);
    expect(rows[0]).toEqual(['name', 'submitted_at', '1', '2', '3']);
    const byName = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(rows).toHaveLength(3);
    expect(byName.get('Ann')?.slice(2)).toEqual([
      'The "best" sushi',
      'Pizza, extra cheese',
      `'=HYPERLINK("http://x")`,
    ]);
    expect(byName.get("'@Bob")?.slice(2)).toEqual([
      'The "best" sushi',
      `'=HYPERLINK("http://x")`,
      'Pizza, extra cheese',
    ]);
    expect(Number.isNaN(Date.parse(byName.get('Ann')?.[1] ?? ''))).toBe(false);
    expect(ballots.body).not.toMatch(/@example|Carol/);

    const json = await owner.request<BallotsJson>(
      'GET',
      exportPath(game, 'export.json', 'ballots'),
    );
    expect(json.status).toBe(200);
    expect(json.body.prompt).toBe('Dinner, tonight?');
    expect(json.body.ballots.map((b) => b.name).sort()).toEqual(['@Bob', 'Ann']);
    for (const ballot of json.body.ballots) {
      expect(Object.keys(ballot).sort()).toEqual(['name', 'ranking', 'submittedAt']);
    }
    const me = await h.me(ann);
    expect(JSON.stringify(json.body)).not.toContain(me.id);

    const resultsJson = await owner.request<{ submissions: number; results: { item: string }[] }>(
      'GET',
      exportPath(game, 'export.json', 'results'),
    );
    expect(resultsJson.body.submissions).toBe(2);
    expect(resultsJson.body.results.map((r) => r.item)).toEqual([
      'The "best" sushi',
      '=HYPERLINK("http://x")',
      'Pizza, extra cheese',
    ]);
  });

  it('pages through many ballots', async () => {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner);
    const ranking = game.items.map((item) => item.id);
    const players = await Promise.all(Array.from({ length: 12 }, () => h.guest()));
    await Promise.all(players.map((p, i) => h.submit(p, game.id, ranking, { name: `P${i}` })));
    const json = await owner.request<BallotsJson>(
      'GET',
      exportPath(game, 'export.json', 'ballots'),
    );
    expect(json.body.ballots).toHaveLength(12);
    const csv = await owner.request<string>('GET', exportPath(game, 'export.csv', 'ballots'));
    expect(readCsv(csv.body)).toHaveLength(13);
  });

  it('lets only the owner download, and answers bad input with a clear error', async () => {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner);
    const other = await h.user('Other');
    const denied = await other.request('GET', exportPath(game, 'export.csv', 'results'));
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual(errorOf('permission-denied', 'Not owner'));
    const anonymous = await h.anonymous().request('GET', exportPath(game, 'export.csv', 'results'));
    expect(anonymous.status).toBe(401);
    const bad = await owner.request('GET', exportPath(game, 'export.csv', 'everything'));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      errorOf(
        'invalid-argument',
        'Choose what to export: results, ballots or answers (duel games only)',
      ),
    );
    const missing = await owner.request('GET', '/api/games/nope/export.csv');
    expect(missing.status).toBe(404);
    const otherFile = await owner.request('GET', `/api/games/${game.id}/export.xlsx`);
    expect(otherFile.status).toBe(404);
  });

  it('remixes a game: same prompt and items, new owner, no rules or results, credited', async () => {
    const owner = await h.user('Owner');
    const original = await h.createGame(owner, ['Tea', 'Coffee', 'Cocoa'], 'Best hot drink', {
      sizeLimit: 1,
    });
    const player = await h.user('Player');
    await h.submit(
      player,
      original.id,
      original.items.map((item) => item.id),
    );

    const remixer = await h.user('Remixer');
    const remixed = await remixer.request<{ game: GameView }>(
      'POST',
      `/api/games/${original.slug}/remix`,
    );
    expect(remixed.status).toBe(201);
    const copy = remixed.body.game;
    expect(copy.id).not.toBe(original.id);
    expect(copy.isOwner).toBe(true);
    expect(copy.ownerName).toBe('Remixer');
    expect(copy.prompt).toBe('Best hot drink');
    expect(copy.items.map((item) => item.label)).toEqual(['Tea', 'Coffee', 'Cocoa']);
    expect(copy.sizeLimit).toBeNull();
    expect(copy.closed).toBe(false);
    expect(copy.remixedFrom).toBe(original.id);

    const read = await remixer.request<GameBody>('GET', `/api/games/${copy.id}`);
    expect(read.body.submissionCount).toBe(0);
    expect(read.body.game.remixedFrom).toBe(original.id);
    const results = await remixer.request<ResultsBody>('GET', `/api/games/${copy.id}/results`);
    expect(results.body.results.submissions).toBe(0);

    // The original's owner still owns only the original.
    const ownView = await owner.request<GameBody>('GET', `/api/games/${copy.id}`);
    expect(ownView.body.game.isOwner).toBe(false);

    // Deleting the original keeps the remix, without the credit's link.
    expect((await owner.request('DELETE', `/api/games/${original.id}`)).status).toBe(200);
    const after = await remixer.request<GameBody>('GET', `/api/games/${copy.id}`);
    expect(after.status).toBe(200);
    expect(after.body.game.remixedFrom).toBeNull();
  });

  it('asks guests and signed-out people to sign in to remix, and 404s unknown games', async () => {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner);
    const guest = await h.guest();
    const asGuest = await guest.request('POST', `/api/games/${game.id}/remix`);
    expect(asGuest.status).toBe(401);
    const signedOut = await h.anonymous().request('POST', `/api/games/${game.id}/remix`);
    expect(signedOut.status).toBe(401);
    const missing = await owner.request('POST', '/api/games/nope/remix');
    expect(missing.status).toBe(404);
  });
});
