/**
 * Tags as chips: type a tag and press Enter (or a comma) to add it; each chip has a remove button;
 * Backspace in the empty box removes the last one. At most 5, each 1-24 characters, lower-cased.
 */
import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_TAG_LENGTH, MAX_TAGS } from '../../domain/community';
import { cleanTag } from '../../domain/community-rules';
import { useText } from '../i18n/i18n';
import { tagInputText } from '../i18n/messages/builder';
import '../ui/tag-chips.css';

export function TagInput(props: { tags: string[]; onChange: (tags: string[]) => void }) {
  const t = useText(tagInputText);
  const ids = { input: useId(), hint: useId() };
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = props.tags.length >= MAX_TAGS;

  const add = (): boolean => {
    const tag = cleanTag(text);
    if (tag === '') return true;
    if (tag.length > MAX_TAG_LENGTH) {
      setError(t.badTag({ length: MAX_TAG_LENGTH }));
      return false;
    }
    if (!props.tags.includes(tag)) {
      if (full) {
        setError(t.tooManyTags({ max: MAX_TAGS }));
        return false;
      }
      props.onChange([...props.tags, tag]);
    }
    setText('');
    setError(null);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && props.tags.length > 0) {
      props.onChange(props.tags.slice(0, -1));
    }
  };

  return (
    <div className="field">
      <label htmlFor={ids.input}>{t.label}</label>
      <div className="tag-input">
        {props.tags.length > 0 ? (
          <ul className="tag-list" aria-label={t.chosen}>
            {props.tags.map((tag) => (
              <li key={tag} className="tag-chip tag-input__chip">
                #{tag}
                <button
                  type="button"
                  className="tag-input__remove"
                  aria-label={t.remove({ tag })}
                  onClick={() => props.onChange(props.tags.filter((other) => other !== tag))}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={ids.input}
          className="input tag-input__input"
          type="text"
          placeholder={full ? t.full(MAX_TAGS) : t.placeholder}
          autoComplete="off"
          enterKeyHint="done"
          maxLength={MAX_TAG_LENGTH + 8}
          disabled={full}
          aria-describedby={ids.hint}
          aria-invalid={error ? true : undefined}
          value={text}
          onChange={(event) => {
            setError(null);
            setText(event.target.value.replace(/,/g, ''));
          }}
          onKeyDown={onKeyDown}
          onBlur={() => add()}
        />
      </div>
      <p id={ids.hint} className={error ? 'form-error' : 'field__hint'} aria-live="polite">
        {error ?? t.hint({ max: MAX_TAGS, length: MAX_TAG_LENGTH })}
      </p>
    </div>
  );
}
