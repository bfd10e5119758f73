/** The create screen's prompt: "What are we ranking?", marked when Create finds it missing. */
import { useId, type Ref } from 'react';
import { MAX_PROMPT_LENGTH } from '../../domain/limits';
import { useText } from '../i18n/i18n';
import { promptFieldText } from '../i18n/messages/create';

export function PromptField({
  ref,
  ...props
}: {
  value: string;
  onChange: (value: string) => void;
  /** Enter: on to the first item row. */
  onEnter: () => void;
  invalid: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  const t = useText(promptFieldText);
  const ids = { prompt: useId(), error: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.prompt}>{t.label}</label>
      <input
        id={ids.prompt}
        ref={ref}
        className="input input-lg"
        type="text"
        dir="auto"
        placeholder={t.placeholder}
        maxLength={MAX_PROMPT_LENGTH}
        autoComplete="off"
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.invalid ? ids.error : undefined}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            props.onEnter();
          }
        }}
      />
      {props.invalid ? (
        <p id={ids.error} className="field-error">
          {t.missing}
        </p>
      ) : null}
    </div>
  );
}
