/**
 * Creating the game from the /create form (SPEC §4 Create flow): pressing Create, the session
 * draft kept as the person types (decision 0006), the sign-in redirect with the draft marked as
 * pressed (decision 0020) and its creation once back with an account, and, offline (issue 12), the
 * pressed draft kept until the connection returns.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { canCreate } from '../../domain/game';
import { ApiError, errorMessage } from '../api/errors';
import { gameCreated } from '../api/game-cache';
import { createGame } from '../api/games';
import { isOfflineFailure, isOfflineNow, useBackOnline } from '../api/offline';
import { rememberCreated } from '../game/pending';
import { paths } from '../paths';
import { toast } from '../ui/toasts';
import { refreshSession, useViewer } from '../shell/session/use-viewer';
import {
  clearDraft,
  newGameFromDraft,
  readDraft,
  saveDraft,
  type CreateDraft,
} from '../game/draft';
import { draftPictures, type ItemRow } from '../game/item-row-edits';
import type { RuleInputs } from '../game/rule-inputs';
import type { BallotInputs } from '../game/ballot-inputs';
import { useText } from '../i18n/i18n';
import { createGameText } from '../i18n/messages/create';

/** `{ [key]: value }`, or nothing when the value is undefined. */
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

// Someone without an account pressing Create: the sign-in screen says why they are there
// (sign-in-reason.ts). A session that ended meanwhile is news, so a toast says it too.
const SIGN_IN_TOAST_MS = 6000;

/** One try at creating: the draft, and whether it was resumed after a sign-in. */
type Attempt = { draft: CreateDraft; resumed: boolean };

export function useCreateGame(options: {
  /** The draft the page opened with. */
  restored: CreateDraft | null;
  form: {
    prompt: string;
    rows: readonly ItemRow[];
    rules: RuleInputs;
    publish: boolean;
    ballot: BallotInputs;
  };
  setError: (error: string | null) => void;
}) {
  const t = useText(createGameText);
  const { restored, setError } = options;
  const { prompt, rows, rules, publish, ballot } = options.form;
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A draft whose Create was pressed before a sign-in: created once an account is here.
  const resume = useRef(restored?.pressed === true);
  // Create was pressed offline: the draft is kept as pressed until the connection returns.
  const [waiting, setWaiting] = useState(() => restored?.pressed === true && isOfflineNow());

  const draft = useMemo<CreateDraft>(
    // Edits made while waiting for the network stay pressed: the latest draft is what gets created.
    () => ({
      prompt,
      items: rows.map((row) => row.label),
      ...optional('pictures', draftPictures(rows)),
      rules,
      publish,
      ballot,
      pressed: waiting,
    }),
    [prompt, rows, rules, publish, ballot, waiting],
  );

  const sendToSignIn = (pressed: CreateDraft, message: string | null) => {
    saveDraft({ ...pressed, pressed: true });
    if (message) toast(message, { duration: SIGN_IN_TOAST_MS });
    navigate(paths.account(paths.create()));
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
      gameCreated(queryClient, game);
      toast.success(t.live);
      if (publishError) {
        // SPEC §8: a failed publish during create only warns; publishing can be retried later.
        toast.warning(t.notPublished({ error: publishError }), {
          description: t.notPublishedHint,
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
        sendToSignIn(attempt.draft, t.sessionEnded);
        return;
      }
      // Failed for another reason: the draft stays on the form, no longer waiting to be sent.
      setWaiting(false);
      const message = errorMessage(thrown);
      setError(attempt.resumed ? t.resumeFailed({ error: message }) : message);
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

  /** Create pressed on a complete form: create it, or first sign in with the draft kept. */
  const press = () => {
    if (create.isPending || sending.current) return;
    if (viewer.status !== 'signed-in') sendToSignIn(draft, null);
    else mutate({ draft, resumed: false });
  };

  return { draft, press, pending: create.isPending, waiting };
}
