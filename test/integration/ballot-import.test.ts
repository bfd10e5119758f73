/**
 * Importing ballots (issue 25, SPEC "bulk submit", decision 0048): `POST /api/games/:id/ballots`
 * with a ballot CSV, owner only, all or nothing, each row checked as a submission of the game's
 * ballot, counted once; imported ballots show in the counts and the exports, never as players.
 */
import { request as httpRequest } from 'node:http';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BALLOT_MESSAGES, type BallotSpec, type Groups } from '../../src/domain/ballot';
import { IMPORT_MESSAGES } from '../../src/domain/ballot-import';
import type { GameView } from '../../src/domain/game';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import { MAX_IMPORT_BALLOTS, MAX_IMPORT_BYTES } from '../../src/domain/limits';
import { summarize, tallyOfBallots } from '../../src/domain/results';
import { importedBallot } from '../../src/server/db/schema/games';
import { webhookDelivery } from '../../src/server/db/schema/webhooks';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer, type GameBody, type ResultsBody } from './harness';

const ITEMS = ['Pizza', 'Tacos', 'Sushi', 'Ramen', 'Curry'];
const TIERS = [
  { label: 'Great', color: '#ff7f7f' },
  { label: 'Fine', color: '#ffdf80' },
  { label: 'Meh', color: '#7fbfff' },
];

type ImportBody = { imported: number; submissionCount: number; importedCount: number };

describe.each(testDatabases)('ballot import on %s', (kind) => {
  const h = useServer(kind);

  const created = async (owner: TestClient, ballot: BallotSpec, items = ITEMS) => {
    const response = await owner.request<{ game: GameView }>('POST', '/api/games', {
      prompt: `Import ${kind} ${Math.random()}`,
      items,
      ballot,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.game;
  };

  const post = (client: TestClient, game: GameView, csv: string, type = 'text/csv') =>
    client.request<ImportBody>('POST', `/api/games/${game.id}/ballots`, undefined, {
      raw: csv,
      headers: { 'content-type': type },
    });

  const exported = async (owner: TestClient, game: GameView) => {
    const response = await owner.request<string>(
      'GET',
      `/api/games/${game.id}/export.csv?what=ballots`,
    );
    expect(response.status).toBe(200);
    return response.body;
  };

  /** What must not change when an import is refused: counts, results and the stored rows. */
  const snapshot = async (owner: TestClient, game: GameView) => {
    const read = await h.getGame(owner, game.id);
    const results = await h.results(owner, game.id);
    const [rows] = await h.server.database.db
      .select({ n: count() })
      .from(importedBallot)
      .where(eq(importedBallot.gameId, game.id));
    return {
      submissions: read.body.submissionCount,
      imported: (read.body as GameBody & { importedCount: number }).importedCount,
      results: results.body,
      rows: rows?.n,
    };
  };

  /** The results a list of ballots (groups of item ids) makes, as the API answers them. */
  const expectedResults = (game: GameView, ballots: Groups[]) =>
    summarize(tallyOfBallots(ballots), game.items);

  it('imports a file: counted once, shown as imported, never as players; a second adds', async () => {
    const owner = await h.verifiedUser('Owner');
    const game = await created(owner, { kind: 'top', n: 2 });
    const [pizza, tacos, sushi] = ids(game) as [string, string, string];
    // A webhook: a player's ballot queues a delivery, an import queues none.
    const hook = await owner.request<{ webhook: { id: string } }>(
      'POST',
      `/api/games/${game.id}/webhooks`,
      { url: 'https://example.com/hook' },
    );
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const deliveries = async () =>
      (
        await h.server.database.db
          .select({ n: count() })
          .from(webhookDelivery)
          .where(eq(webhookDelivery.webhookId, hook.body.webhook.id))
      )[0]?.n;
    const player = await h.guest();
    expect((await h.submit(player, game.id, [sushi, pizza], { name: 'Pat' })).status).toBe(200);
    expect(await deliveries()).toBe(1);
    const xpBefore = (await h.me(owner)).xp;
    const events = await owner.events(`/api/games/${game.id}/events`);
    expect((await events.nextEvent()).event).toBe('snapshot');

    const file =
      'name,submitted_at,1,2\r\nAnn,2026-01-02T03:04:05.000Z,Pizza,Tacos\r\n,,Tacos,Sushi\r\n';
    const done = await post(owner, game, file);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ imported: 2, submissionCount: 3, importedCount: 2 });
    // One live update for the whole file, carrying every ballot.
    const live = await events.nextEvent();
    expect(live.event).toBe('submission');
    expect(JSON.parse(live.data)).toMatchObject({ submissionCount: 3 });
    events.close();

    const ballots: Groups[] = [
      [[sushi], [pizza]],
      [[pizza], [tacos]],
      [[tacos], [sushi]],
    ];
    const results = await h.results(owner, game.id);
    expect(results.body.results).toMatchObject({
      ...expectedResults(game, ballots),
      imported: 2,
    });
    const read = await h.getGame(owner, game.id);
    expect(read.body).toMatchObject({ submissionCount: 3, importedCount: 2 });

    // No account's: no XP for anyone, nobody new in Recent players, no webhook delivery.
    expect((await h.me(owner)).xp).toBe(xpBefore);
    expect(await deliveries()).toBe(1);
    const players = await owner.request<{ players: { name: string }[] }>(
      'GET',
      `/api/games/${game.id}/players`,
    );
    expect(players.body.players.map((p) => p.name)).toEqual(['Pat']);

    // The export lists them after the players, in the file's order, with their names and times.
    const lines = (await exported(owner, game)).split('\r\n');
    expect(lines.slice(1, 4).map((line) => line.split(',').filter((_, i) => i !== 1))).toEqual([
      ['Pat', 'Sushi', 'Pizza'],
      ['Ann', 'Pizza', 'Tacos'],
      ['Anonymous', 'Tacos', 'Sushi'],
    ]);
    expect(lines[2]).toContain('2026-01-02T03:04:05.000Z');

    // A second import adds to the first.
    const again = await post(owner, game, 'name,submitted_at,1,2\nBo,,Sushi,Tacos\n');
    expect(again.body).toEqual({ imported: 1, submissionCount: 4, importedCount: 3 });

    // Played now: the ballot is fixed, as after a player's ballot.
    const changed = await owner.request('PUT', `/api/games/${game.id}/ballot`, {
      ballot: { kind: 'top', n: 3 },
    });
    expect(changed.status).toBe(409);
  });

  it('refuses a bad file with the row and the rule, and saves nothing', async () => {
    const owner = await h.user();
    const top = await created(owner, { kind: 'top', n: 2 });
    const full = await created(owner, { kind: 'ranking' }, ['Pizza', 'Tacos', 'Sushi']);
    const tiered = await created(owner, { kind: 'tiers', tiers: TIERS });
    // Something counted already, so "unchanged" is not "empty".
    expect((await post(owner, top, 'name,submitted_at,1,2\nAnn,,Pizza,Tacos\n')).status).toBe(200);
    const before = await snapshot(owner, top);
    const head = 'name,submitted_at,1,2\n';
    const good = 'Ann,,Pizza,Tacos\n';
    const cases: [GameView, string, string][] = [
      [top, `${head}${good}${good}Bo,,Pizza\n`, `Row 4: ${BALLOT_MESSAGES.pickExactly(2)}`],
      [top, `${head}Bo,,Pizza,Pizza\n`, `Row 2: ${BALLOT_MESSAGES.rankingDuplicate}`],
      [top, `${head}Bo,,Pizza,Burger\n`, `Row 2: ${BALLOT_MESSAGES.rankingUnknownItem}: "Burger"`],
      [top, `${head}Bo,last week,Pizza,Tacos\n`, `Row 2: ${IMPORT_MESSAGES.badTime}`],
      [top, `${head}${'n'.repeat(41)},,Pizza,Tacos\n`, 'Row 2: Name must be at most 40 characters'],
      [top, `${head}Bo,,Pizza,Tacos,Sushi\n`, 'Row 2: More cells than the header has columns'],
      [top, `${head}Bo,,"Pizza\n`, 'Line 2: A quoted field is never closed'],
      [
        top,
        'who,when,1,2\nBo,,Pizza,Tacos\n',
        'Row 1: The first line must start with name,submitted_at',
      ],
      [top, head, IMPORT_MESSAGES.empty],
      [top, '', 'Row 1: The first line must start with name,submitted_at'],
      [
        full,
        'name,submitted_at,1,2,3\nBo,,Pizza,Tacos\n',
        `Row 2: ${BALLOT_MESSAGES.rankingIncomplete}`,
      ],
      [
        tiered,
        'name,submitted_at,Great,Fine,Meh\nBo,,Pizza,"Pizza\nSushi",\n',
        `Row 2: ${BALLOT_MESSAGES.oneTierOnly}`,
      ],
      [
        tiered,
        'name,submitted_at,Great,Fine,Meh\nBo,,,,\n',
        `Row 2: ${BALLOT_MESSAGES.tiersEmpty}`,
      ],
      [
        tiered,
        'name,submitted_at,Great,Fine,Meh\nBo,,Pizza,Sushi\n',
        'Row 2: Every row needs 3 tier cells',
      ],
      [
        tiered,
        'name,submitted_at,Great,Fine,Meh\nBo,,Burger,,\n',
        `Row 2: ${BALLOT_MESSAGES.tierUnknownItem}: "Burger"`,
      ],
      [tiered, 'name,submitted_at,Great,Fine\nBo,,Pizza,\n', 'Row 1: The header must name 3 tiers'],
    ];
    for (const [game, csv, message] of cases) {
      const response = await post(owner, game, csv);
      expect([response.status, response.body], csv).toEqual([
        400,
        errorOf('invalid-argument', message),
      ]);
    }
    const json = await owner.request('POST', `/api/games/${top.id}/ballots`, { rows: [] });
    expect(json.body).toEqual(errorOf('invalid-argument', IMPORT_MESSAGES.notCsv));
    expect(await snapshot(owner, top)).toEqual(before);

    // One bad row among many good ones: nothing of the file is saved.
    const many = `${head}${good.repeat(499)}Bo,,Tacos\n${good.repeat(500)}`;
    const refused = await post(owner, top, many);
    expect(refused.body).toEqual(
      errorOf('invalid-argument', `Row 501: ${BALLOT_MESSAGES.pickExactly(2)}`),
    );
    expect(await snapshot(owner, top)).toEqual(before);
  });

  it('takes 10,000 rows and refuses 10,001; a body over the limit is 413', async () => {
    const owner = await h.user();
    const game = await created(owner, { kind: 'top', n: 1 }, ['Pizza', 'Tacos', 'Sushi']);
    const rows = (n: number) => `name,submitted_at,1\n${'Ann,,Pizza\n'.repeat(n)}`;
    const over = await post(owner, game, rows(MAX_IMPORT_BALLOTS + 1));
    expect(over.body).toEqual(
      errorOf('invalid-argument', 'Import at most 10,000 ballots at a time (this file has 10,001)'),
    );
    const done = await post(owner, game, rows(MAX_IMPORT_BALLOTS));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ imported: 10_000, submissionCount: 10_000, importedCount: 10_000 });
    const results = await h.results(owner, game.id);
    expect(results.body.results.items[0]).toMatchObject({ label: 'Pizza', firstShare: 1 });

    const tooLarge = await declaredOnly(h.url, `/api/games/${game.id}/ballots`, {
      'content-type': 'text/csv',
      'content-length': String(MAX_IMPORT_BYTES + 1),
      origin: h.url,
      'x-forwarded-for': owner.ip,
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.text).error).toMatchObject({
      code: 'invalid-argument',
      message: IMPORT_MESSAGES.tooLarge,
    });
  });

  it('is the owner’s alone, from a trusted origin, and not into a closed game', async () => {
    const owner = await h.user();
    const game = await created(owner, { kind: 'top', n: 2 });
    const csv = 'name,submitted_at,1,2\nAnn,,Pizza,Tacos\n';
    const other = await h.user();
    expect(await post(other, game, csv)).toMatchObject({
      status: 403,
      body: errorOf('permission-denied', LIFECYCLE_MESSAGES.notOwner),
    });
    expect((await post(await h.guest(), game, csv)).status).toBe(403);
    expect((await post(h.anonymous(), game, csv)).status).toBe(401);
    expect((await post(owner, { ...game, id: 'no-such-game' }, csv)).status).toBe(404);
    const foreign = await owner.request('POST', `/api/games/${game.id}/ballots`, undefined, {
      raw: csv,
      headers: { 'content-type': 'text/csv', origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await snapshot(owner, game)).submissions).toBe(0);

    expect((await owner.request('POST', `/api/games/${game.id}/close`)).status).toBe(200);
    expect(await post(owner, game, csv)).toMatchObject({
      status: 409,
      body: errorOf('aborted', IMPORT_MESSAGES.closed),
    });
  });

  for (const ballot of [
    { kind: 'ranking' },
    { kind: 'top', n: 3 },
    { kind: 'tiers', tiers: TIERS },
  ] as BallotSpec[]) {
    it(`reads its own export back unchanged (${ballot.kind})`, async () => {
      const owner = await h.user();
      // Labels a CSV must quote or guard: commas, quotes, formulas.
      const items = ['Pizza, thin', 'Say "cheese"', '=SUM(A1)', '-1 degree', 'Ramen'];
      const played = await created(owner, ballot, items);
      const all = ids(played);
      const sent = [
        [all[2]!, all[0]!, all[4]!, all[1]!, all[3]!],
        [all[4]!, all[3]!, all[2]!, all[1]!, all[0]!],
        [all[1]!, all[0]!, all[2]!, all[3]!, all[4]!],
      ];
      for (const [i, order] of sent.entries()) {
        const player = await h.guest();
        const body =
          ballot.kind === 'tiers'
            ? { tiers: [[order[0]!, order[1]!], [], [order[2]!]], name: `P${i}, "q"` }
            : { ranking: ballot.kind === 'top' ? order.slice(0, 3) : order, name: `P${i}` };
        const response = await player.request('PUT', `/api/games/${played.id}/submission`, body);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
      }
      const file = await exported(owner, played);

      const copy = await created(owner, ballot, items);
      const done = await post(owner, copy, file);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.imported).toBe(3);
      expect(await exported(owner, copy)).toBe(file);
      // The same results, item for item (ids differ: compare by label).
      const byLabel = async (game: GameView) => {
        const { results } = (await h.results(owner, game.id)).body;
        return {
          submissions: results.submissions,
          items: results.items.map(({ id: _id, ...item }) => item),
        };
      };
      expect(await byLabel(copy)).toEqual(await byLabel(played));
    });
  }

  it('recounts imported ballots when an item is removed', async () => {
    const owner = await h.user();
    const game = await created(owner, { kind: 'ranking' }, ['Pizza', 'Tacos', 'Sushi', 'Ramen']);
    const file =
      'name,submitted_at,1,2,3,4\nA,,Pizza,Tacos,Sushi,Ramen\nB,,Sushi,Pizza,Ramen,Tacos\n';
    expect((await post(owner, game, file)).status).toBe(200);
    const keep = game.items.filter((item) => item.label !== 'Pizza');
    const edited = await owner.request<{ game: GameView }>('PATCH', `/api/games/${game.id}/items`, {
      items: keep.map(({ id, label }) => ({ id, label })),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [tacos, sushi, ramen] = ids(edited.body.game, ['Tacos', 'Sushi', 'Ramen']) as [
      string,
      string,
      string,
    ];
    const results = (await h.results(owner, game.id)).body as ResultsBody;
    expect(results.results).toMatchObject(
      expectedResults(edited.body.game, [
        [[tacos], [sushi], [ramen]],
        [[sushi], [ramen], [tacos]],
      ]),
    );
    expect(await exported(owner, edited.body.game)).toContain(',Sushi,Ramen,Tacos\r\n');
  });
});

/** A POST that declares its length and sends only the first bytes: answered on the headers. */
function declaredOnly(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { method: 'POST', agent: false, headers });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write('name,submitted_at,1\n');
  });
}
