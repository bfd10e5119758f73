/**
 * /create (SPEC §2 Create screen, §4 Create flow): a prompt, at least 3 items, the Publish to
 * Community switch and the results rules; creating goes straight to the game's play route.
 *
 * The form is kept as a session draft while the person types (decision 0006). Anyone may compose
 * (decision 0020): someone without an account pressing Create, or anyone whose session ended, is
 * sent to sign in with the draft marked as pressed; back on /create with an account, that draft is
 * created at once.
 *
 * Pressing Create with something missing says what (a quip for that case, SPEC §5), marks the
 * field with a short message and moves focus to it. The Create button stays in view above the
 * bottom navigation (create.css).
 *
 * Offline (issue 12) the same pressed draft waits for the network: the page says so, and the
 * draft is created once when the connection returns (or when /create opens again online).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../shell/toasts';
import { canCreate, MESSAGES } from '../../domain/game';
import { ITEM_HINT_TOAST_MS, MAX_PROMPT_LENGTH, MIN_ITEMS } from '../../domain/limits';
import { cleanText } from '../../domain/text';
import { ApiError, errorMessage } from '../api/errors';
import { createGame, gameKeys, type GameResponse } from '../api/games';
import {
  isOfflineFailure,
  isOfflineNow,
  OFFLINE_GAME_MESSAGE,
  useBackOnline,
} from '../api/offline';
import { OfflineNotice } from '../shell/offline-notice';
import { paths } from '../paths';
import { rememberCreated } from '../myranks/pending';
import { refreshSession, useViewer } from '../shell/use-viewer';
import { clearDraft, newGameFromDraft, readDraft, saveDraft, type CreateDraft } from './draft';
import {
  findDuplicates,
  itemRowsFor,
  ItemRowsField,
  newItemRow,
  type ItemRow,
  type ItemRowsHandle,
} from './item-rows-field';
import { PublishToggle } from './publish-toggle';
import { missingPiece, pickQuip } from './quips';
import { rulesSummary } from '../results/rules-text';
import { checkRuleInputs, hasRules, NO_RULE_INPUTS, type RuleInputs } from './rule-inputs';
import { NO_RULES_TEXT, SettingsDialog } from './settings-dialog';
import { useNow } from '../shell/use-now';
import './create.css';

const PLACEHOLDERS = ['e.g., Cool Ranch Doritos', 'e.g., Nacho Cheese', 'e.g., Spicy Sweet Chili'];

// Someone without an account pressing Create: the sign-in screen says why they are there
// (sign-in-reason.ts). A session that ended meanwhile is news, so a toast says it too.
const SESSION_ENDED = 'Your session has ended. Sign in to create your rank: your draft is kept.';
const SIGN_IN_TOAST_MS = 6000;

const PROMPT_MISSING = 'Say what we are ranking.';
const itemsMissing = (short: number) =>
  short >= MIN_ITEMS
    ? `Add at least ${MIN_ITEMS} items.`
    : `Add ${short} more ${short === 1 ? 'item' : 'items'}.`;

/** The keys of the empty rows to fill to reach MIN_ITEMS, in order, and how many are short. */
function rowsToFill(rows: readonly ItemRow[]): { keys: number[]; short: number } {
  const filled = rows.filter((row) => cleanText(row.value) !== '').length;
  const short = Math.max(0, MIN_ITEMS - filled);
  const keys = rows
    .filter((row) => cleanText(row.value) === '')
    .slice(0, short)
    .map((row) => row.key);
  return { keys, short };
}

/** One try at creating: the draft, and whether it was resumed after a sign-in. */
type Attempt = { draft: CreateDraft; resumed: boolean };

export function CreatePage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow();
  const [restored] = useState(readDraft);
  const [prompt, setPrompt] = useState(restored?.prompt ?? '');
  const [rows, setRows] = useState<ItemRow[]>(() => itemRowsFor(restored?.items ?? []));
  const [rules, setRules] = useState<RuleInputs>(restored?.rules ?? NO_RULE_INPUTS);
  const [publish, setPublish] = useState(restored?.publish ?? false);
  const [error, setError] = useState<string | null>(null);
  // Create was pressed with something missing: from then on, what is missing is marked inline.
  const [showMissing, setShowMissing] = useState(false);
  const itemRows = useRef<ItemRowsHandle>(null);
  const promptInput = useRef<HTMLInputElement>(null);
  const lastQuip = useRef<string | null>(null);
  // A draft whose Create was pressed before a sign-in: created once an account is here.
  const resume = useRef(restored?.pressed === true);
  // Create was pressed offline: the draft is kept as pressed until the connection returns.
  const [waiting, setWaiting] = useState(() => restored?.pressed === true && isOfflineNow());
  const ids = {
    prompt: useId(),
    promptError: useId(),
    itemsError: useId(),
    hint: useId(),
    summary: useId(),
  };

  const draft = useMemo<CreateDraft>(
    // Edits made while waiting for the network stay pressed: the latest draft is what gets created.
    () => ({ prompt, items: rows.map((row) => row.value), rules, publish, pressed: waiting }),
    [prompt, rows, rules, publish, waiting],
  );
  const ready = canCreate(prompt, draft.items);
  const duplicateKeys = findDuplicates(rows);
  const missing = missingPiece(prompt, draft.items);
  const promptInvalid = showMissing && (missing === 'prompt' || missing === 'both');
  const toFill = rowsToFill(rows);
  const itemsInvalid = showMissing && toFill.short > 0;

  const sendToSignIn = (pressed: CreateDraft, message: string | null) => {
    saveDraft({ ...pressed, pressed: true });
    if (message) toast(message, { duration: SIGN_IN_TOAST_MS });
    navigate(paths.account(paths.create()));
  };

  /** Create pressed with something missing: a quip for it, the fields marked, focus on the first. */
  const showWhatIsMissing = () => {
    if (!missing) return;
    lastQuip.current = pickQuip(missing, lastQuip.current);
    toast(lastQuip.current, { id: 'create-hint', duration: ITEM_HINT_TOAST_MS });
    setShowMissing(true);
    if (missing !== 'items') {
      promptInput.current?.focus();
      return;
    }
    // The first row to fill; when the empty rows are too few (rows were removed), new ones.
    const added = Array.from({ length: toFill.short - toFill.keys.length }, () => newItemRow());
    if (added.length > 0) setRows((current) => [...current, ...added]);
    const first = toFill.keys[0] ?? added[0]?.key;
    if (first !== undefined) itemRows.current?.focusRow(first);
  };

  const create = useMutation({
    // Offline, or no answer at all: `null`, the draft is kept pressed for when the network returns.
    mutationFn: async ({ draft: attempt }: Attempt) => {
      if (isOfflineNow()) return null;
      try {
        return await createGame(newGameFromDraft(attempt, Date.now()));
      } catch (thrown) {
        if (isOfflineFailure(thrown)) return null;
        throw thrown;
      }
    },
    onSuccess: (created, attempt) => {
      if (created === null) {
        saveDraft({ ...attempt.draft, pressed: true });
        setError(null);
        setWaiting(true);
        return;
      }
      const { game, publishError } = created;
      clearDraft();
      rememberCreated(viewer.user?.id, game);
      queryClient.setQueryData<GameResponse>(gameKeys.game(game.id), {
        game,
        submissionCount: 0,
        mySubmission: null,
      });
      toast.success('Your rank is live! Play it, then share the link.');
      if (publishError) {
        // SPEC §8: a failed publish during create only warns; publishing can be retried later.
        toast.warning(`Your rank is not on the Community yet: ${publishError}`, {
          description: 'Publish it from its results page or My Ranks.',
          duration: 8000,
        });
      }
      navigate(paths.play(game.id));
    },
    onError: (thrown, attempt) => {
      if (thrown instanceof ApiError && thrown.code === 'unauthenticated') {
        // The session ended (signed out elsewhere, expired): the header and the account page
        // must learn it too.
        refreshSession();
        sendToSignIn(attempt.draft, SESSION_ENDED);
        return;
      }
      // Failed for another reason: the draft stays on the form, no longer waiting to be sent.
      setWaiting(false);
      const message = errorMessage(thrown);
      setError(
        attempt.resumed ? `Your draft is back, but creating it failed: ${message}` : message,
      );
    },
  });
  const { mutate } = create;

  // Keeps the draft as the person types. The first run notes what the page opened with (that is
  // what is stored already), so opening the page never rewrites a pressed draft as unpressed.
  const lastSaved = useRef<string | null>(null);
  useEffect(() => {
    const json = JSON.stringify(draft);
    if (lastSaved.current === null) {
      lastSaved.current = json;
      return;
    }
    if (json === lastSaved.current) return;
    lastSaved.current = json;
    resume.current = false;
    saveDraft(draft);
  }, [draft]);

  // Back from signing in with a pressed draft: create it. It is stored as not pressed first, so a
  // reload during the request cannot create it twice; on failure the form shows it and the error.
  useEffect(() => {
    if (!resume.current || viewer.status !== 'signed-in') return;
    resume.current = false;
    if (!canCreate(draft.prompt, draft.items)) return;
    saveDraft(draft);
    mutate({ draft, resumed: true });
  }, [viewer.status, draft, mutate]);

  // Back online: the kept draft is created, once. It is stored as not pressed before sending, and
  // `sending` stops a second send while one is under way.
  const sending = useRef(false);
  const sendKept = () => {
    const kept = readDraft();
    if (!kept?.pressed || sending.current || viewer.status !== 'signed-in') return;
    if (isOfflineNow() || !canCreate(kept.prompt, kept.items)) return;
    sending.current = true;
    saveDraft({ ...kept, pressed: false });
    mutate(
      { draft: kept, resumed: true },
      {
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  useBackOnline(sendKept);

  const setRowsAndClear = (update: (current: ItemRow[]) => ItemRow[]) => {
    setError(null);
    setRows(update);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!ready) {
      showWhatIsMissing();
      return;
    }
    const duplicate = rows.find((row) => duplicateKeys.has(row.key));
    if (duplicate) {
      setError(MESSAGES.duplicateItems);
      itemRows.current?.focusRow(duplicate.key);
      return;
    }
    setError(null);
    if (create.isPending || sending.current) return;
    if (viewer.status !== 'signed-in') sendToSignIn(draft, null);
    else mutate({ draft, resumed: false });
  };

  const keptRules = checkRuleInputs(rules, now).rules;

  return (
    <>
      <title>Create a rank · Crowned</title>
      <div className="page-head">
        <h1 className="page-title">Create a rank</h1>
        <p className="muted">
          Pick a prompt, add the contenders, then share the link.{' '}
          <Link to={paths.demo()}>Try a demo</Link> first?
        </p>
      </div>

      <form className="card create-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={ids.prompt}>What are we ranking?</label>
          <input
            id={ids.prompt}
            ref={promptInput}
            className="input input-lg"
            type="text"
            dir="auto"
            placeholder="e.g., Best Doritos flavour"
            maxLength={MAX_PROMPT_LENGTH}
            autoComplete="off"
            aria-invalid={promptInvalid || undefined}
            aria-describedby={promptInvalid ? ids.promptError : undefined}
            value={prompt}
            onChange={(e) => {
              setError(null);
              setPrompt(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                e.preventDefault();
                const first = rows[0];
                if (first) itemRows.current?.focusRow(first.key);
              }
            }}
          />
          {promptInvalid ? (
            <p id={ids.promptError} className="field-error">
              {PROMPT_MISSING}
            </p>
          ) : null}
        </div>

        <ItemRowsField
          ref={itemRows}
          rows={rows}
          onChange={setRowsAndClear}
          placeholders={PLACEHOLDERS}
          hintId={ids.hint}
          invalidKeys={itemsInvalid ? new Set(toFill.keys) : undefined}
          error={itemsInvalid ? { id: ids.itemsError, message: itemsMissing(toFill.short) } : null}
        />

        <div className="create-options">
          <PublishToggle checked={publish} onChange={setPublish} />
          <div className="option-row">
            <div className="option-row__text">
              <p className="option-row__label">When results show</p>
              <p id={ids.summary} className="field__hint" data-testid="rules-summary">
                {rulesSummary(keptRules, now) ?? NO_RULES_TEXT}
              </p>
            </div>
            <SettingsDialog
              rules={rules}
              onChange={setRules}
              active={hasRules(keptRules)}
              now={now}
              summaryId={ids.summary}
            />
          </div>
        </div>

        <OfflineNotice message={waiting ? OFFLINE_GAME_MESSAGE : null} />
        <div className="form-error" role="alert">
          {error}
        </div>

        {viewer.status === 'signed-in' ? null : (
          <p className="field__hint center">
            You will sign in or create an account when you press Create. Your draft is kept.
          </p>
        )}
        {/* Sticky: in view above the bottom navigation wherever the form has scrolled to. */}
        <div className="create-submit">
          <div className="create-submit__bar">
            <button
              type="submit"
              className="btn btn-gold btn-lg btn-block"
              disabled={create.isPending}
              aria-disabled={!ready || undefined}
              aria-describedby={ready ? undefined : ids.hint}
            >
              <Crown size={20} aria-hidden="true" />
              {create.isPending ? 'Creating…' : 'Create'}
            </button>
          </div>
        </div>
      </form>
    </>
  );
}
