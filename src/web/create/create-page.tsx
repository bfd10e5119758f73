/** /create: a prompt and at least 3 items; creating goes straight to the game's play route. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown, Plus, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { canCreate, cleanLabels } from '../../domain/game';
import {
  ITEM_HINT_TOAST_MS,
  MAX_ITEM_LENGTH,
  MAX_ITEMS,
  MAX_PROMPT_LENGTH,
  MIN_ITEMS,
} from '../../domain/limits';
import { ApiError, errorMessage } from '../api/errors';
import { createGame, gameKeys, type GameResponse } from '../api/games';
import { paths } from '../paths';
import './create.css';

type Row = { key: number; value: string };

const PLACEHOLDERS = ['e.g., Cool Ranch Doritos', 'e.g., Nacho Cheese', 'e.g., Spicy Sweet Chili'];

const TOO_FEW_QUIPS = [
  "You need at least 3 contenders. Two's a duel, three's a rank!",
  'A crown needs a contest: add at least 3 items.',
  'Even a podium has three steps. Add another item or two!',
  'Give the crowd a prompt and 3 things to fight over.',
];

let nextKey = 0;
const newRow = (): Row => ({ key: nextKey++, value: '' });

export function CreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState('');
  const [rows, setRows] = useState<Row[]>(() => [newRow(), newRow(), newRow()]);
  const [error, setError] = useState<string | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const ids = { prompt: useId(), items: useId(), hint: useId(), error: useId() };

  const labels = rows.map((row) => row.value);
  const ready = canCreate(prompt, labels);
  const filled = cleanLabels(labels);
  const duplicateKeys = findDuplicates(rows);

  const create = useMutation({
    mutationFn: () => createGame({ prompt: prompt.trim(), items: filled }),
    onSuccess: (game) => {
      queryClient.setQueryData<GameResponse>(gameKeys.game(game.id), {
        game,
        submissionCount: 0,
        mySubmission: null,
      });
      toast.success('Your rank is live! Play it, then share the link.');
      navigate(paths.play(game.id));
    },
    onError: (thrown) => {
      if (thrown instanceof ApiError && thrown.code === 'unauthenticated') {
        toast.error('Please sign in again to create a rank.');
        navigate(paths.account(paths.create()));
        return;
      }
      setError(errorMessage(thrown));
    },
  });

  const registerInput = (key: number) => (element: HTMLInputElement | null) => {
    if (element) {
      inputs.current.set(key, element);
      if (pendingFocus.current === key) {
        pendingFocus.current = null;
        element.focus();
      }
    } else {
      inputs.current.delete(key);
    }
  };

  const addRow = () => {
    if (rows.length >= MAX_ITEMS) return;
    const row = newRow();
    pendingFocus.current = row.key;
    setRows((current) => [...current, row]);
  };

  const removeRow = (index: number) => {
    const neighbour = rows[index + 1] ?? rows[index - 1];
    setRows((current) => current.filter((_, i) => i !== index));
    if (neighbour) inputs.current.get(neighbour.key)?.focus();
    else addButton.current?.focus();
  };

  const setRow = (key: number, value: string) => {
    setError(null);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, value } : row)));
  };

  const onItemKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const following = rows[index + 1];
    if (following) {
      inputs.current.get(following.key)?.focus();
    } else if (rows[index]?.value.trim()) {
      addRow();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!ready) {
      const quip = TOO_FEW_QUIPS[Math.floor(Math.random() * TOO_FEW_QUIPS.length)] ?? '';
      toast(quip, { duration: ITEM_HINT_TOAST_MS });
      return;
    }
    setError(null);
    create.mutate();
  };

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
            className="input input-lg"
            type="text"
            placeholder="e.g., Best Doritos flavour"
            maxLength={MAX_PROMPT_LENGTH}
            autoComplete="off"
            value={prompt}
            onChange={(e) => {
              setError(null);
              setPrompt(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                e.preventDefault();
                const first = rows[0];
                if (first) inputs.current.get(first.key)?.focus();
              }
            }}
          />
        </div>

        <fieldset className="items-fieldset" aria-describedby={ids.hint}>
          <legend id={ids.items}>Items</legend>
          <ol className="item-rows">
            {rows.map((row, index) => {
              const duplicate = duplicateKeys.has(row.key);
              return (
                <li key={row.key} className="item-row">
                  <span className="item-row__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <input
                    ref={registerInput(row.key)}
                    className="input"
                    type="text"
                    aria-label={`Item ${index + 1}`}
                    aria-invalid={duplicate || undefined}
                    placeholder={PLACEHOLDERS[index] ?? 'Another item'}
                    maxLength={MAX_ITEM_LENGTH}
                    autoComplete="off"
                    enterKeyHint={rows[index + 1] ? 'next' : 'enter'}
                    value={row.value}
                    onChange={(e) => setRow(row.key, e.target.value)}
                    onFocus={(e) => e.currentTarget.select()}
                    onKeyDown={(e) => onItemKeyDown(e, index)}
                  />
                  <button
                    type="button"
                    className="btn-icon item-row__remove"
                    aria-label={`Remove item ${index + 1}${row.value.trim() ? ` (${row.value.trim()})` : ''}`}
                    onClick={() => removeRow(index)}
                  >
                    <X size={18} aria-hidden="true" />
                  </button>
                  {duplicate ? <p className="item-row__warning">Already in the list</p> : null}
                </li>
              );
            })}
          </ol>
          <button
            ref={addButton}
            type="button"
            className="btn btn-secondary add-item"
            onClick={addRow}
            disabled={rows.length >= MAX_ITEMS}
          >
            <Plus size={18} aria-hidden="true" />
            Add item
          </button>
          <p id={ids.hint} className="field__hint" aria-live="polite">
            {rows.length >= MAX_ITEMS
              ? `That's the maximum of ${MAX_ITEMS} items.`
              : filled.length >= MIN_ITEMS
                ? `${filled.length} items. Add as many as you like.`
                : `Add at least ${MIN_ITEMS} items (${filled.length} so far).`}
          </p>
        </fieldset>

        <div id={ids.error} className="form-error" role="alert">
          {error}
        </div>

        <button
          type="submit"
          className="btn btn-gold btn-lg btn-block"
          disabled={!ready || create.isPending}
          aria-describedby={ready ? undefined : ids.hint}
        >
          <Crown size={20} aria-hidden="true" />
          {create.isPending ? 'Creating…' : 'Create'}
        </button>
      </form>
    </>
  );
}

/** Rows whose label repeats an earlier one (ignoring case and spaces): the server refuses those. */
function findDuplicates(rows: readonly Row[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  for (const row of rows) {
    const key = row.value.trim().toLocaleLowerCase();
    if (key === '') continue;
    if (seen.has(key)) duplicates.add(row.key);
    seen.add(key);
  }
  return duplicates;
}
