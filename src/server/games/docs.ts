/**
 * The games routes in the API document (routes.ts, export-routes.ts, remix-routes.ts): create,
 * play, edit, close, results, exports and live events, with the response schemas only games
 * answer. See api-docs/operation.ts for what an entry says.
 */
import { z } from 'zod';
import type { SubmissionView } from '../../domain/game';
import type { RecentPlayerView } from '../../domain/recent-players';
import type { ItemResult, Results } from '../../domain/results';
import type { Operations } from '../api-docs/operation';
import { stream } from '../api-docs/operation';
import { agree, fields, GameViewSchema, ItemSchema, type Same } from '../api-docs/schemas';
import type { DuelAnswered, DuelTurn } from './duels';

export const SubmissionViewSchema = z
  .object({
    ranking: z
      .array(z.string())
      .meta({ description: 'Item ids, best first (a tier ballot: tier by tier)' }),
    tiers: z
      .array(z.array(z.string()))
      .optional()
      .meta({ description: 'A tier ballot: item ids per tier, best tier first' }),
    name: z.string(),
    partial: z.boolean(),
    at: z.number(),
    needsReorder: z.boolean().optional(),
  })
  .meta({ id: 'Submission' });

export const ItemResultSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    meanPosition: z.number().nullable(),
    firstShare: z.number(),
    distribution: z.array(z.number()),
    contested: z.number(),
  })
  .meta({ id: 'ItemResult' });

const CrowdTierItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  meanTier: z.number().nullable().meta({ description: 'Mean tier (0 = the first) where placed' }),
  counts: z.array(z.number()).meta({ description: 'Ballots placing it in each tier' }),
  pool: z.number().meta({ description: 'Ballots leaving it in the pool' }),
});

const DuelStandingSchema = z
  .object({
    id: z.string(),
    strength: z.number().meta({ description: 'Log-strength, centred on 0 (the items’ mean)' }),
    low: z.number().meta({ description: 'The 95 % band of the strength: its low end' }),
    high: z.number().meta({ description: 'The 95 % band of the strength: its high end' }),
    wins: z.number().meta({ description: 'Duels won (a "can’t decide" counts a half)' }),
    duels: z.number().meta({ description: 'Duels it was in' }),
  })
  .meta({ id: 'DuelStanding' });

const DuelProgressSchema = z
  .object({
    answered: z.number().meta({ description: 'Duels the caller answered in this game' }),
    budget: z.number().meta({
      description: 'Duels after which the caller is done: about n·log2(n) for n items',
    }),
  })
  .meta({ id: 'DuelProgress' });

export const DuelTurnSchema = z
  .union([
    z.object({
      pair: z.array(ItemSchema).length(2).meta({
        description: 'The two items to choose between, in the order to show them',
      }),
      progress: DuelProgressSchema,
    }),
    z.object({ done: z.literal(true), progress: DuelProgressSchema }),
  ])
  .meta({ id: 'DuelTurn' });

const DuelAnsweredSchema = z.object({
  answered: z.object({ a: z.string(), b: z.string(), winner: z.string().nullable() }),
  next: DuelTurnSchema,
  submissionCount: z.number(),
  closed: z.literal(true).optional(),
});

// The pair is a two-item array here (the document's validator cannot follow a tuple's item
// references) and a tuple in `DuelTurn`: the rest must agree.
type AsArrays<T> = T extends { pair: [infer A, infer B] }
  ? Omit<T, 'pair'> & { pair: (A | B)[] }
  : T;
agree<Same<z.infer<typeof DuelTurnSchema>, AsArrays<DuelTurn>>>(true);
agree<
  Same<
    z.infer<typeof DuelAnsweredSchema>,
    Omit<DuelAnswered, 'next'> & { next: AsArrays<DuelTurn> }
  >
>(true);

/** The summary every voting method's answer carries (the method's own fields come beside it). */
export const ResultsSchema = z.object({
  submissions: z.number(),
  items: z.array(ItemResultSchema),
  condorcetWinner: z.string().nullable(),
  headToHead: z.record(z.string(), z.record(z.string(), z.number())),
  crowdTiers: z
    .object({
      tiers: z.array(z.array(CrowdTierItemSchema)),
      pool: z.array(CrowdTierItemSchema),
    })
    .optional()
    .meta({
      description:
        'A tiers game: each item in the tier its mean tier rounds to (best mean first), and the items no ballot placed',
    }),
  duels: z
    .object({ standings: z.array(DuelStandingSchema) })
    .optional()
    .meta({
      description:
        'A duel game: the headline order, Bradley–Terry strengths with their 95 % band, best first. `headToHead` and `condorcetWinner` are then the answers’ own (one preference per answer); `items` (mean position, Borda) read each player’s implied order',
    }),
});

agree<Same<z.infer<typeof SubmissionViewSchema>, SubmissionView>>(true);
agree<Same<z.infer<typeof ItemResultSchema>, ItemResult>>(true);
agree<Same<z.infer<typeof ResultsSchema>, Results>>(true);

export const RecentPlayerSchema = z
  .object({
    name: z.string(),
    at: z.number().meta({ description: 'When they last saved, ms since the epoch' }),
    partial: z.boolean().meta({ description: 'Saved progress rather than a final ranking' }),
  })
  .meta({ id: 'RecentPlayer' });

agree<Same<z.infer<typeof RecentPlayerSchema>, RecentPlayerView>>(true);

const GameAnswer = z.object({ game: GameViewSchema, submissionCount: z.number() });

export const GAMES_OPERATIONS: Operations = {
  'POST /api/games': {
    tag: 'Games',
    summary: 'Create a game (and publish it, when asked)',
    description:
      'Each item is text or `{ label, image: { id, alt } }`: a picture the caller uploaded (POST /api/images) with a short description (400 otherwise). A failure to publish does not fail the request: the game is created unpublished and `publishError` says why.',
    access: 'account',
    tokens: true,
    ok: { 201: fields({ game: GameViewSchema, publishError: z.string().optional() }) },
    errors: [429],
  },
  'DELETE /api/games': {
    tag: 'Games',
    summary: 'Always 400: a game id is required',
    access: 'session',
    ok: {},
    errors: [404],
  },
  'POST /api/games/claim': {
    tag: 'Games',
    summary: "Move games made before accounts (by id) into the caller's account",
    access: 'account',
    ok: { 200: fields({ claimed: z.array(z.string()) }) },
  },
  'GET /api/games/{id}': {
    tag: 'Games',
    summary: 'A game, its submission count and the caller’s own submission',
    access: 'public',
    tokens: true,
    ok: {
      200: z.object({
        game: GameViewSchema,
        submissionCount: z.number(),
        importedCount: z
          .number()
          .optional()
          .meta({ description: 'Of the ballots counted, those the owner imported (absent: none)' }),
        mySubmission: SubmissionViewSchema.nullable(),
      }),
    },
    errors: [404],
  },
  'PUT /api/games/{id}/submission': {
    tag: 'Games',
    summary: 'Submit (or save, with partial) the caller’s ballot: ranking or tiers',
    description:
      'A player of a live room (`/api/rooms`) that plays this game submits only during its round: before it or after it, 409.',
    access: 'session',
    tokens: true,
    ok: {
      200: z.object({
        submission: SubmissionViewSchema,
        submissionCount: z.number(),
        closed: z.boolean().optional(),
      }),
    },
    // 429: over the re-ranking limit (decision 0033).
    errors: [404, 409, 429],
  },
  'GET /api/games/{id}/duel': {
    tag: 'Games',
    summary: 'A duel game: the pair the caller should compare next',
    description:
      'Answers `{ pair: [itemA, itemB], progress }` (items as the game view gives them: `id`, `label`, `image` when the item has a picture) or `{ done: true, progress }` once the caller answered their budget or met every pair; `progress` is `{ answered, budget }`. The pair stays the same until it is answered. 400 when the game does not ask for duels; the closed error (403 with `closed`) once the game is closed.',
    access: 'session',
    tokens: true,
    ok: { 200: DuelTurnSchema },
    errors: [404],
  },
  'POST /api/games/{id}/duels': {
    tag: 'Games',
    summary: 'A duel game: answer the pair offered, get the next one',
    description:
      'Body `{ a, b, winner }`: the pair as offered (either order) and the item picked, or `winner: null` for "can’t decide". Answers `{ answered: { a, b, winner }, next, submissionCount }`, `next` as `GET /api/games/{id}/duel` answers (`{ pair, progress }` or `{ done: true, progress }`), and `closed: true` when this answer closed the game. The caller’s answers imply their order, which counts as their ballot (the first answer is their play). 400 for an item not in the game, the same item twice, or a winner that is neither; 409 "That pair was not offered to you" or "That pair was already answered"; the closed error (403 with `closed`) once the game is closed.',
    access: 'session',
    tokens: true,
    ok: { 200: DuelAnsweredSchema },
    errors: [404, 409],
  },
  'PATCH /api/games/{id}/items': {
    tag: 'Games',
    summary: 'Add, rename and remove items, and their pictures',
    description:
      'Each entry is text (a new item) or `{ id, label, image }`. `image`: `{ id, alt }` puts a picture the caller uploaded on the item; left out, the item keeps its picture; `null` removes it, refused with 409 once anyone has played (replace it instead). Watchers are told as of any item edit.',
    access: 'owner',
    tokens: true,
    ok: { 200: GameAnswer },
    errors: [404, 409, 429],
  },
  'PUT /api/games/{id}/ballot': {
    tag: 'Games',
    summary: 'Change what the game asks for: a full ranking, the top N or tiers',
    description:
      'Once anyone has saved a ballot of the game, only tier labels and colours may change (409 otherwise).',
    access: 'owner',
    tokens: true,
    ok: { 200: GameAnswer },
    errors: [404, 409],
  },
  'POST /api/games/{id}/ballots': {
    tag: 'Games',
    summary: 'Import ballots collected elsewhere: a ballot CSV, all or nothing',
    description:
      'The body (`Content-Type: text/csv`, up to 32 MB) is a ballot CSV as `export.csv?what=ballots` writes it: `name,submitted_at,1,2,…` with item labels in order (a tier game: one column per tier, a cell\'s labels one per line). At most 10,000 rows; each is checked as a final submission of the game\'s ballot, and one bad row refuses the whole file with a 400 naming it ("Row 12: Pick exactly 10 items"; the header is row 1). An empty name is "Anonymous", an empty submitted_at the time of the import. Imported ballots count in the results (once, one live update) and as `importedCount`; they are no account\'s: no XP, no recent players, no webhooks. A second import adds to the first. 409 when the game is closed; 413 for a larger body.',
    access: 'owner',
    tokens: true,
    ok: {
      200: z.object({
        imported: z.number().meta({ description: 'Ballots this import added' }),
        submissionCount: z.number(),
        importedCount: z.number(),
      }),
    },
    errors: [404, 409, 429],
  },
  'POST /api/games/{id}/close': {
    tag: 'Games',
    summary: 'Close the game now',
    access: 'owner',
    tokens: true,
    ok: { 200: GameAnswer },
    errors: [404],
  },
  'POST /api/games/{id}/archive': {
    tag: 'Games',
    summary: 'Archive (or, with archived: false, restore) the game',
    access: 'owner',
    tokens: true,
    ok: { 200: z.object({ game: GameViewSchema }) },
    errors: [404],
  },
  'DELETE /api/games/{id}': {
    tag: 'Games',
    summary: 'Delete the game and everything in it',
    access: 'owner',
    tokens: true,
    ok: { 200: z.object({ deleted: z.literal(true), id: z.string() }) },
    errors: [404],
  },
  'POST /api/games/{id}/remix': {
    tag: 'Games',
    summary: 'Make a new game of the caller’s from this one’s prompt and items',
    access: 'account',
    tokens: true,
    ok: { 201: z.object({ game: GameViewSchema }) },
    errors: [404, 429],
  },

  // Results
  'GET /api/games/{id}/results': {
    tag: 'Results',
    summary: 'Combined results by a voting method (the headline one by default)',
    description:
      'The owner always may; a player once they submitted and the results are unlocked (403 with `unlock` otherwise). `?method=mean|borda|schulze|irv`, and `strength` (Bradley–Terry, the headline and default) for a duel game; mean position is the default for the others. `winners` names each method’s winner (`strength` too for a duel game).',
    access: 'public',
    tokens: true,
    ok: {
      200: z.object({
        results: fields({
          ...ResultsSchema.shape,
          method: z.string(),
          groups: z.array(z.array(z.string())).meta({
            description:
              'The method’s order as groups of tied item ids, best first (an item alone: a group of one)',
          }),
          myAgreement: z.number().nullable(),
          imported: z.number().optional().meta({
            description:
              'Of the `submissions` counted, the ballots the owner imported (absent: none)',
          }),
        }),
      }),
    },
    errors: [403, 404],
  },
  'GET /api/games/{id}/closest': {
    tag: 'Results',
    summary: 'The named player who ranked most like the caller (agreement to the nearest 10%)',
    access: 'public',
    tokens: true,
    ok: {
      200: z.object({
        closest: z.object({ name: z.string(), agreement: z.number() }).nullable(),
      }),
    },
    errors: [403, 404],
  },
  'GET /api/games/{id}/{file}': {
    tag: 'Results',
    summary:
      'Export: file is export.csv or export.json, `?what=results` (default), `ballots`, or `answers` (a duel game\'s raw answers: name, answered_at, item_a, item_b, winner; an empty winner is "can\'t decide"; 400 for another kind)',
    access: 'owner',
    tokens: true,
    ok: {
      200: {
        media: 'text/csv, application/json',
        description: 'The export as CSV (or as JSON for a .json file name)',
      },
    },
    errors: [400, 404],
  },
  'GET /api/games/{id}/players': {
    tag: 'Results',
    summary: 'Recent players: who played, newest first, a page at a time',
    description:
      'Final and partial (saved progress) submissions by when they were last saved, newest first. `limit` is 1 to 100 (20 by default); pass `nextCursor` back as `cursor` for the next page. Names as players showed them: no e-mails, no user ids.',
    access: 'owner',
    tokens: true,
    ok: {
      200: z.object({
        players: z.array(RecentPlayerSchema),
        nextCursor: z.string().nullable(),
      }),
    },
    errors: [404],
  },
  'GET /api/games/{id}/events': {
    tag: 'Results',
    summary: 'Live game events',
    access: 'public',
    tokens: true,
    ok: { 200: stream('snapshot, submission, closed, deleted') },
    errors: [404, 429],
  },
};
