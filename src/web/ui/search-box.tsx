/** The search box: words in titles and items, sent to the URL a moment after typing stops. */
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useText } from '../i18n/i18n';
import { searchBoxText } from '../i18n/messages/community';
import './search-box.css';

const DEBOUNCE_MS = 300;

export function SearchBox(props: {
  value: string;
  onSearch: (q: string) => void;
  label?: string;
  placeholder?: string;
}) {
  const t = useText(searchBoxText);
  const id = useId();
  const [text, setText] = useState(props.value);
  const sent = useRef(props.value);
  const { onSearch } = props;

  // The URL changed from elsewhere (back button, Clear search): the box follows.
  useEffect(() => {
    if (props.value !== sent.current) {
      sent.current = props.value;
      setText(props.value);
    }
  }, [props.value]);

  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onSearch(text);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        sent.current = text;
        onSearch(text);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {props.label ?? t.label}
      </label>
      <Search size={18} aria-hidden="true" className="search-box__icon" />
      <input
        id={id}
        className="input search-box__input"
        type="search"
        placeholder={props.placeholder ?? t.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {text ? (
        <button
          type="button"
          className="btn-icon search-box__clear"
          aria-label={t.clear}
          onClick={() => {
            setText('');
            sent.current = '';
            onSearch('');
          }}
        >
          <X size={18} aria-hidden="true" />
        </button>
      ) : null}
    </form>
  );
}
