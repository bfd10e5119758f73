/**
 * /join: type the code on the host's screen. Read as typed (no case, spaces or dashes), a
 * character no code has is named at once with its likely look-alike; a whole code is looked up
 * (the server says when no room has it) and the player goes on to /j/{CODE}.
 */
import { useQueryClient } from '@tanstack/react-query';
import { DoorOpen } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ROOM_CODE_LENGTH } from '../../../domain/limits';
import { errorMessage } from '../../api/errors';
import { fetchRoom, roomKeys } from '../../api/rooms';
import { useText } from '../../i18n/i18n';
import { commonText } from '../../i18n/messages/common';
import { joinPageText } from '../../i18n/messages/rooms-play';
import { paths } from '../../paths';
import { LOOK_ALIKES, readTypedCode, type TypedCode } from './typed-code';
import './room-phone.css';

export function JoinPage() {
  const t = useText(joinPageText);
  const c = useText(commonText);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { field: useId(), hint: useId(), problem: useId() };
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const read = readTypedCode(typed);
  // Characters no code has are named while typing; the length only once they press Join.
  const live = read.kind === 'never' ? problemText(read) : null;
  const problem = live ?? error;

  function problemText(found: TypedCode): string | null {
    if (found.kind === 'empty') return t.empty;
    if (found.kind === 'length')
      return t.wrongLength({ length: ROOM_CODE_LENGTH, count: found.count });
    if (found.kind !== 'never') return null;
    const chars = found.chars.map((char) => `“${char}”`).join(' ');
    const like = found.chars.find((char) => LOOK_ALIKES[char]);
    const never = t.neverInCode({ chars });
    return like ? `${never} ${t.lookAlike({ typed: like, like: LOOK_ALIKES[like] ?? '' })}` : never;
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    if (read.kind !== 'code') {
      setError(problemText(read));
      return;
    }
    setChecking(true);
    setError(null);
    try {
      // Looked up here so an unknown code is said on this page, beside the field; the room page
      // then starts from the room just read.
      await queryClient.fetchQuery({
        queryKey: roomKeys.room(read.code),
        queryFn: ({ signal }) => fetchRoom(read.code, signal),
        retry: false,
      });
      navigate(paths.joinCode(read.code));
    } catch (thrown) {
      setError(errorMessage(thrown));
      setChecking(false);
    }
  };

  return (
    <div className="room-phone room-join">
      <title>{c.pageTitle({ title: t.title })}</title>
      <div className="room-phone__icon" aria-hidden="true">
        <DoorOpen size={36} />
      </div>
      <h1 className="room-phone__title">{t.title}</h1>
      <p className="room-phone__lede">{t.lede}</p>
      <form className="room-join__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <label htmlFor={ids.field} className="room-join__label">
          {t.codeLabel}
        </label>
        <input
          id={ids.field}
          className="input room-join__code"
          data-testid="room-code"
          type="text"
          // The page's one field and its whole purpose: the keyboard opens at once on a phone.
          autoFocus
          inputMode="text"
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          // Room for the spaces and dashes people type to read a code in two halves.
          maxLength={ROOM_CODE_LENGTH * 2}
          value={typed}
          aria-invalid={problem !== null}
          aria-describedby={`${ids.hint} ${ids.problem}`}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
        />
        <p id={ids.hint} className="room-phone__hint">
          {t.codeHint}
        </p>
        <div id={ids.problem} className="form-error" role="alert" data-testid="join-problem">
          {problem}
        </div>
        <button
          type="submit"
          className="btn btn-gold btn-lg btn-block"
          disabled={checking}
          data-testid="join-code-button"
        >
          {checking ? t.checking : t.join}
        </button>
      </form>
    </div>
  );
}
