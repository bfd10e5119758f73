/**
 * The nickname form of /j/{CODE} for a phone not in the room yet. Joining needs a session: a
 * guest one is made on the spot (as the play page does), and a signed-in player joins as
 * themselves, keeping their XP. What the server refuses (taken, not allowed, full, closed, not
 * open yet) is said under the field as it says it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { MAX_ROOM_NAME_LENGTH } from '../../../domain/limits';
import type { RoomPhase } from '../../../domain/rooms';
import { cleanText } from '../../../domain/text';
import { errorMessage } from '../../api/errors';
import { joinRoom, roomKeys } from '../../api/rooms';
import { useText } from '../../i18n/i18n';
import { roomPhoneText } from '../../i18n/messages/rooms-play';
import { ensureSession } from '../../shell/session/ensure-session';
import { useViewer } from '../../shell/session/use-viewer';

export function JoinForm(props: { code: string; phase: RoomPhase }) {
  const { code } = props;
  const t = useText(roomPhoneText);
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const ids = { name: useId(), hint: useId(), error: useId() };
  const signedIn = viewer.status === 'signed-in' ? viewer.user : null;
  // A signed-in player is offered their own name; a guest starts from an empty field.
  const [typed, setTyped] = useState<string | null>(null);
  const name = typed ?? signedIn?.name.slice(0, MAX_ROOM_NAME_LENGTH) ?? '';
  const [error, setError] = useState<string | null>(null);

  const join = useMutation({
    mutationFn: async (nickname: string) => {
      await ensureSession(viewer);
      return joinRoom(code, nickname);
    },
    // The room read again brings the player's own part: the page moves on to the room's phase.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.room(code) }),
    onError: (thrown) => setError(errorMessage(thrown)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (join.isPending) return;
    const nickname = cleanText(name);
    if (nickname === '') {
      setError(t.nameRequired);
      return;
    }
    setError(null);
    join.mutate(nickname);
  };

  return (
    <section className="room-phone__card" aria-labelledby={`${ids.name}-title`}>
      <h1 id={`${ids.name}-title`} className="room-phone__title">
        {t.joinTitle}
      </h1>
      <p className="room-phone__lede">{t.joinLede}</p>
      {props.phase === 'created' ? (
        <p className="notice" data-testid="room-not-open">
          {t.notOpenYet}
        </p>
      ) : null}
      <form className="room-join__form" onSubmit={onSubmit} noValidate>
        <label htmlFor={ids.name} className="room-join__label">
          {t.nameLabel}
        </label>
        <input
          id={ids.name}
          className="input room-join__name"
          data-testid="room-nickname"
          type="text"
          autoComplete="nickname"
          enterKeyHint="go"
          maxLength={MAX_ROOM_NAME_LENGTH}
          value={name}
          aria-invalid={error !== null}
          aria-describedby={`${ids.hint} ${ids.error}`}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
        />
        <p id={ids.hint} className="room-phone__hint">
          {t.nameHint({ max: MAX_ROOM_NAME_LENGTH })}
        </p>
        {signedIn ? (
          <p className="room-phone__hint room-phone__hint--account">
            <UserRound size={16} aria-hidden="true" />
            {t.signedInAs({ name: signedIn.name })}
          </p>
        ) : null}
        <div id={ids.error} className="form-error" role="alert" data-testid="join-error">
          {error}
        </div>
        <button
          type="submit"
          className="btn btn-gold btn-lg btn-block"
          disabled={join.isPending}
          data-testid="join-room-button"
        >
          {join.isPending ? t.joining : t.join}
        </button>
      </form>
    </section>
  );
}
