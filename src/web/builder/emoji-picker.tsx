/**
 * The rank's optional emoji: a few quick picks, or any one emoji typed into the box. The server
 * checks it is a single emoji.
 */
import { useId } from 'react';

const QUICK = ['🍕', '🎬', '🎵', '🏆', '🍔', '🎮', '📚', '⚽'];

export function EmojiPicker(props: { value: string; onChange: (emoji: string) => void }) {
  const ids = { input: useId(), quick: useId() };
  return (
    <div className="field emoji-picker">
      <label htmlFor={ids.input}>Emoji (optional)</label>
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
        <div className="emoji-picker__quick" role="group" aria-label="Quick emoji" id={ids.quick}>
          {QUICK.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="emoji-picker__option"
              aria-pressed={props.value === emoji}
              aria-label={`Use ${emoji}`}
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
