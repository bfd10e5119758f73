/**
 * The rank's optional emoji: a few quick picks, or any one emoji typed into the box. The server
 * checks it is a single emoji.
 */
import { useId } from 'react';
import { useText } from '../i18n/i18n';
import { emojiPickerText } from '../i18n/messages/builder';

const QUICK = ['🍕', '🎬', '🎵', '🏆', '🍔', '🎮', '📚', '⚽'];

export function EmojiPicker(props: { value: string; onChange: (emoji: string) => void }) {
  const t = useText(emojiPickerText);
  const ids = { input: useId(), quick: useId() };
  return (
    <div className="field emoji-picker">
      <label htmlFor={ids.input}>{t.label}</label>
      <div className="emoji-picker__row">
        <input
          id={ids.input}
          className="input input-lg emoji-picker__input"
          type="text"
          inputMode="text"
          placeholder="👑"
          autoComplete="off"
          maxLength={16}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value.trim())}
          aria-describedby={ids.quick}
        />
        <div className="emoji-picker__quick" role="group" aria-label={t.quick} id={ids.quick}>
          {QUICK.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="emoji-picker__option"
              aria-pressed={props.value === emoji}
              aria-label={t.use({ emoji })}
              onClick={() => props.onChange(props.value === emoji ? '' : emoji)}
            >
              {emoji}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
