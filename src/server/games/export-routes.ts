/**
 * The owner's downloads: `GET /api/games/:id/export.csv?what=results|ballots|answers` and the
 * same as `export.json` (`answers`: a duel game's raw answers, decision 0067). Ballots and
 * answers are read a page at a time and streamed, so a game with 100k players never sits in
 * memory whole. Names as players showed them; no e-mails, no user ids.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { DUEL_MESSAGES } from '../../domain/duels';
import { AppError } from '../../domain/errors';
import {
  ANSWER_HEADER,
  answerLine,
  answerRecord,
  ballotHeader,
  ballotLine,
  ballotRecord,
  tierBallotHeader,
  EXPORT_KINDS,
  exportFileName,
  RESULT_HEADER,
  resultLine,
  resultRecords,
  csvLine,
  type ExportKind,
} from '../../domain/exports';
import { itemView } from '../../domain/item-pictures';
import { LIFECYCLE_MESSAGES } from '../../domain/lifecycle';
import { requireUser, type AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import { duelAnswersPage, finalBallotsPage } from './data';
import { keptState } from './lookup';
import type { GameState, GameStates } from './state';

const BALLOTS_PER_PAGE = 2000;

const ExportParam = z.object({ id: z.string().trim().min(1, LIFECYCLE_MESSAGES.missingGameId) });
const ExportQuery = z.object({
  what: z
    .enum(EXPORT_KINDS, {
      error: 'Choose what to export: results, ballots or answers (duel games only)',
    })
    .default('results'),
});

type Format = 'csv' | 'json';

const CONTENT_TYPES: Record<Format, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export function exportRoutes(deps: { db: Db; states: GameStates; publicUrl?: string }) {
  const { db, states } = deps;

  async function ownedState(idOrSlug: string, userId: string): Promise<GameState> {
    const state = await keptState(states, idOrSlug);
    if (state.row.ownerId !== userId) {
      throw new AppError('permission-denied', LIFECYCLE_MESSAGES.notOwner);
    }
    return state;
  }

  /** The ballots' lines (or JSON records), page by page. */
  function ballotChunks(state: GameState, format: Format): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    const { items, ballot: spec } = state.row;
    // A full ranking: one column per item; a top N: per pick; tiers: per tier (decision 0043).
    const header =
      spec.kind === 'tiers'
        ? tierBallotHeader(spec.tiers.map((tier) => tier.label))
        : ballotHeader(spec.kind === 'top' ? spec.n : items.length);
    let after: string | null = null;
    let first = true;
    let done = false;
    return new ReadableStream({
      async pull(controller) {
        if (done) return;
        const page = await finalBallotsPage(db, {
          gameId: state.row.id,
          afterUserId: after,
          limit: BALLOTS_PER_PAGE,
        });
        let text = '';
        if (first) {
          text +=
            format === 'csv'
              ? `\uFEFF${header}`
              : `{"prompt":${JSON.stringify(state.row.prompt)},"ballots":[`;
        }
        for (const ballot of page) {
          const { name, at } = ballot;
          const record = ballotRecord(
            spec.kind === 'tiers'
              ? { name, at, tiers: ballot.groups }
              : { name, at, ranking: ballot.ranking },
            items,
          );
          if (format === 'csv') text += ballotLine(record);
          else text += `${first ? '' : ','}\n${JSON.stringify(record)}`;
          first = false;
        }
        first = false;
        after = page.at(-1)?.userId ?? after;
        if (page.length < BALLOTS_PER_PAGE) {
          done = true;
          if (format === 'json') text += '\n]}\n';
        }
        controller.enqueue(encoder.encode(text));
        if (done) controller.close();
      },
    });
  }

  /** A duel game's answers' lines (or JSON records), page by page (decision 0067). */
  function answerChunks(state: GameState, format: Format): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    const { items } = state.row;
    let after: { userId: string; a: string; b: string } | null = null;
    let first = true;
    let done = false;
    return new ReadableStream({
      async pull(controller) {
        if (done) return;
        const page = await duelAnswersPage(db, {
          gameId: state.row.id,
          after,
          limit: BALLOTS_PER_PAGE,
        });
        let text = '';
        if (first) {
          text +=
            format === 'csv'
              ? `\uFEFF${csvLine(ANSWER_HEADER)}`
              : `{"prompt":${JSON.stringify(state.row.prompt)},"answers":[`;
        }
        for (const answer of page) {
          const record = answerRecord(answer, items);
          if (!record) continue;
          if (format === 'csv') text += answerLine(record);
          else text += `${first ? '' : ','}\n${JSON.stringify(record)}`;
          first = false;
        }
        first = false;
        const last = page.at(-1);
        if (last) after = { userId: last.userId, a: last.a, b: last.b };
        if (page.length < BALLOTS_PER_PAGE) {
          done = true;
          if (format === 'json') text += '\n]}\n';
        }
        controller.enqueue(encoder.encode(text));
        if (done) controller.close();
      },
    });
  }

  const headers = (state: GameState, kind: ExportKind, format: Format) => ({
    'content-type': CONTENT_TYPES[format],
    'content-disposition': `attachment; filename="${exportFileName(state.row.prompt, kind, format)}"`,
    'cache-control': 'no-store',
  });

  return new Hono<AuthEnv>().get(
    '/:id/:file{export\\.(?:csv|json)}',
    requireUser({ guests: true, message: 'Not signed in' }),
    validate('param', ExportParam),
    validate('query', ExportQuery),
    async (c) => {
      const state = await ownedState(c.req.valid('param').id, c.get('user').id);
      const format: Format = c.req.param('file').endsWith('csv') ? 'csv' : 'json';
      const { what } = c.req.valid('query');
      const head = headers(state, what, format);
      if (what === 'ballots') return c.body(ballotChunks(state, format), 200, head);
      if (what === 'answers') {
        if (state.row.ballot.kind !== 'duel') {
          throw new AppError('invalid-argument', DUEL_MESSAGES.notDuelGame);
        }
        return c.body(answerChunks(state, format), 200, head);
      }
      // Each picture's address as the game view names it (a hidden one's placeholder address).
      const pictures = new Map<string, string>();
      for (const item of state.row.items) {
        const url = itemView(item).image?.url;
        if (url) pictures.set(item.id, `${deps.publicUrl ?? ''}${url}`);
      }
      const records = resultRecords(states.results(state), (id) => pictures.get(id) ?? null);
      const text =
        format === 'csv'
          ? `\uFEFF${csvLine(RESULT_HEADER)}${records.map(resultLine).join('')}`
          : `${JSON.stringify({ prompt: state.row.prompt, submissions: state.submissions, results: records })}\n`;
      return c.body(text, 200, head);
    },
  );
}
