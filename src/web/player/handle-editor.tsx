/**
 * The player's @handle, editable in place: as they type, the server says (a moment after the
 * last key) whether it is free, in its own words (SPEC §5); Save sets it, Escape or Cancel keep
 * the old one. The availability line is a polite live region.
 */
import { AtSign, Check, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../ui/toasts';
import { checkHandleClaim } from '../../domain/handle';
import { errorMessage } from '../api/errors';
import { useHandleAvailable, useSaveHandle } from '../api/handle';
import { paths } from '../paths';
import type { Profile } from '../api/me';
import { handleStatus } from './handle-status';
import { useDebounced } from './use-debounced';
import { useText } from '../i18n/i18n';
import { handleEditorText } from '../i18n/messages/player';

const CHECK_DELAY_MS = 350;

export function HandleEditor(props: { profile: Profile }) {
  const { profile } = props;
  const t = useText(handleEditorText);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  // Back to the button that opened the editor once it is closed, for keyboard users.
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const stop = () => {
    refocus.current = true;
    setEditing(false);
  };

  if (editing) return <HandleForm profile={profile} onDone={stop} />;
  return (
    <div className="handle-line">
      {profile.handle ? (
        <Link
          className="handle-line__handle"
          to={paths.publicProfile(profile.handle)}
          aria-label={t.publicProfile({ handle: profile.handle })}
          data-testid="player-handle"
        >
          @{profile.handle}
        </Link>
      ) : (
        <span className="muted">{t.noHandle}</span>
      )}
      <button
        ref={editButton}
        type="button"
        className="btn btn-secondary handle-btn"
        onClick={() => setEditing(true)}
      >
        <Pencil size={14} aria-hidden="true" />
        {profile.handle ? t.edit : t.choose}
      </button>
    </div>
  );
}

function HandleForm(props: { profile: Profile; onDone: () => void }) {
  const { profile, onDone } = props;
  const t = useText(handleEditorText);
  const [value, setValue] = useState(profile.handle ?? '');
  const ids = { input: useId(), status: useId() };
  const typed = value.trim();
  const unchanged = typed === (profile.handle ?? '');
  const mine = typed.toLowerCase() === (profile.handle ?? '').toLowerCase();
  // A moment after the last key: the rules are checked here (the same words as the server's),
  // and whether someone has it, there.
  const settled = useDebounced(typed, CHECK_DELAY_MS);
  const rules = checkHandleClaim(settled);
  const check = useHandleAvailable(settled, rules.ok && settled === typed && !mine);

  const save = useSaveHandle(profile.id, {
    onSuccess: (next) => {
      toast.success(t.saved({ handle: next.handle ?? typed }));
      onDone();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return onDone();
    if (!save.isPending) save.mutate(typed);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  const status = handleStatus({
    typed,
    settled,
    current: profile.handle,
    saveError: save.isError ? errorMessage(save.error) : null,
    checking: check.isFetching,
    checkError: check.isError ? errorMessage(check.error) : null,
    answer: check.data,
  });

  const refused = status?.tone === 'error' && !save.isError;

  return (
    <form className="handle-form" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
      <label htmlFor={ids.input} className="visually-hidden">
        {t.label}
      </label>
      <div className="handle-form__row">
        <div className="handle-form__field">
          <AtSign size={16} aria-hidden="true" className="handle-form__at" />
          <input
            id={ids.input}
            className="input handle-form__input"
            value={value}
            onChange={(event) => {
              save.reset();
              setValue(event.target.value);
            }}
            autoFocus
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={40}
            aria-describedby={ids.status}
            aria-invalid={refused || save.isError}
          />
        </div>
        <button
          type="submit"
          className="btn btn-primary handle-btn"
          aria-disabled={save.isPending || typed === ''}
        >
          <Check size={16} aria-hidden="true" />
          {save.isPending ? t.saving : t.save}
        </button>
        <button type="button" className="btn btn-secondary handle-btn" onClick={onDone}>
          <X size={16} aria-hidden="true" />
          {t.cancel}
        </button>
      </div>
      <p
        id={ids.status}
        className={`handle-form__status handle-form__status--${status?.tone ?? 'muted'}`}
        aria-live="polite"
        data-testid="handle-status"
      >
        {status?.text ?? ''}
      </p>
    </form>
  );
}
