/**
 * The API tokens section of /account (decision 0024): the account's tokens (name, prefix, when
 * created and last used), a form to create one, whose secret is then shown once with a Copy
 * button, and Revoke behind a confirmation. Keyboard first: the new secret's panel takes the
 * focus, Done hands it back to the name field.
 */
import { Check, Copy, KeyRound, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  MAX_TOKEN_NAME_LENGTH,
  MAX_TOKENS_PER_USER,
  type ApiTokenView,
  type CreatedApiToken,
} from '../../domain/api-tokens';
import { cleanText } from '../../domain/text';
import { useSession } from '../api/session';
import { errorMessage } from '../api/errors';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/tokens';
import { useText } from '../i18n/i18n';
import { formatDate, formatRelative } from '../i18n/format';
import { apiTokensText } from '../i18n/messages/tokens';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { copyText } from '../ui/copy-link-button';
import { ListError } from '../ui/list-states';
import { toast } from '../ui/toasts';
import './api-tokens.css';

export function ApiTokensSection() {
  const t = useText(apiTokensText);
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const full = (tokens.data?.length ?? 0) >= MAX_TOKENS_PER_USER;
  // Tokens need a proven inbox (decision 0029): say so instead of a form the server refuses.
  const verified = useSession().data?.user.emailVerified !== false;

  return (
    <section
      className="card account-section api-tokens"
      aria-labelledby={titleId}
      data-testid="api-tokens"
    >
      <h2 id={titleId} className="account-section__title">
        {t.title}
      </h2>
      <p className="muted">{t.lede}</p>
      {created ? (
        <NewSecret
          created={created}
          onDone={() => {
            setCreated(null);
            nameInput.current?.focus();
            // It may have been tried already: its "last used" is read afresh.
            void tokens.refetch();
          }}
        />
      ) : null}
      {tokens.isPending ? (
        <p className="muted" role="status">
          {t.loading}
        </p>
      ) : tokens.isError ? (
        <ListError
          error={tokens.error}
          message={t.didNotLoad}
          onRetry={() => void tokens.refetch()}
        />
      ) : tokens.data.length === 0 ? (
        <p className="muted api-tokens__empty">{t.empty}</p>
      ) : (
        <ul className="api-token-list" aria-label={t.listLabel}>
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      )}
      {verified ? (
        <CreateTokenForm
          inputRef={nameInput}
          full={full}
          disabled={!tokens.isSuccess}
          onCreated={setCreated}
        />
      ) : (
        <p className="notice api-tokens__verify" data-testid="api-tokens-verify">
          {t.verifyFirst}
        </p>
      )}
    </section>
  );
}

function TokenRow(props: { token: ApiTokenView }) {
  const t = useText(apiTokensText);
  const { token } = props;
  return (
    <li className="api-token">
      <KeyRound size={20} aria-hidden="true" />
      <div className="api-token__text">
        <span className="api-token__name" dir="auto">
          {token.name}
        </span>
        <span className="api-token__meta">
          <code className="api-token__prefix">{token.prefix}…</code>
          <span>{t.created({ date: formatDate(token.createdAt) })}</span>
          <span>
            {token.lastUsedAt === null
              ? t.neverUsed
              : t.lastUsed({ when: formatRelative(token.lastUsedAt) })}
          </span>
        </span>
      </div>
      <RevokeButton token={token} />
    </li>
  );
}

function RevokeButton(props: { token: ApiTokenView }) {
  const t = useText(apiTokensText);
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiToken();
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className="btn btn-sm btn-danger-outline"
          aria-label={t.revokeLabel({ name: props.token.name })}
        >
          <Trash2 size={16} aria-hidden="true" />
          {t.revoke}
        </button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) revoke.reset();
        setOpen(next);
      }}
      title={t.revokeTitle}
      confirmLabel={t.revokeConfirm}
      pendingLabel={t.revoking}
      pending={revoke.isPending}
      error={revoke.isError ? errorMessage(revoke.error) : null}
      tone="danger"
      onConfirm={() =>
        revoke.mutate(props.token.id, {
          onSuccess: () => {
            setOpen(false);
            toast.success(t.revoked);
          },
        })
      }
    >
      <p>{t.revokeText({ name: props.token.name })}</p>
    </ConfirmDialog>
  );
}

function CreateTokenForm({
  inputRef,
  full,
  disabled,
  onCreated,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  full: boolean;
  disabled: boolean;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const t = useText(apiTokensText);
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { input: useId(), hint: useId(), error: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = cleanText(name);
    if (cleaned === '') {
      setError(t.nameRequired);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    create.mutate(cleaned, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
      onError: (failed) => setError(errorMessage(failed)),
    });
  };

  if (full) {
    return <p className="muted api-tokens__full">{t.limitReached({ max: MAX_TOKENS_PER_USER })}</p>;
  }
  return (
    <form className="api-token-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={ids.input} className="api-token-form__label">
        {t.nameLabel}
      </label>
      <div className="account-inline-form">
        <input
          ref={inputRef}
          id={ids.input}
          className="input"
          type="text"
          autoComplete="off"
          maxLength={MAX_TOKEN_NAME_LENGTH}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        />
        <button type="submit" className="btn btn-primary" disabled={disabled || create.isPending}>
          {create.isPending ? t.creating : t.create}
        </button>
      </div>
      <p id={ids.hint} className="field__hint">
        {t.nameHint({ max: MAX_TOKEN_NAME_LENGTH })}
      </p>
      <div id={ids.error} className="form-error" role="alert">
        {error}
      </div>
    </form>
  );
}

function NewSecret(props: { created: CreatedApiToken; onDone: () => void }) {
  const t = useText(apiTokensText);
  const [copied, setCopied] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const ids = { title: useId(), warning: useId(), input: useId() };

  useEffect(() => panel.current?.focus(), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    if (await copyText(props.created.secret)) {
      setCopied(true);
      toast.success(t.copied);
    } else {
      toast.error(t.copyFailed);
    }
  };

  return (
    <div
      ref={panel}
      className="api-token-secret"
      role="region"
      aria-labelledby={ids.title}
      aria-describedby={ids.warning}
      tabIndex={-1}
      data-testid="api-token-secret"
    >
      <h3 id={ids.title} className="api-token-secret__title" dir="auto">
        {t.secretTitle({ name: props.created.token.name })}
      </h3>
      <p id={ids.warning} className="api-token-secret__warning">
        {t.secretWarning}
      </p>
      <label htmlFor={ids.input} className="visually-hidden">
        {t.secretLabel}
      </label>
      <div className="api-token-secret__row">
        <input
          id={ids.input}
          className="input api-token-secret__value"
          type="text"
          readOnly
          spellCheck={false}
          value={props.created.secret}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn btn-primary" onClick={() => void onCopy()}>
          {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          {t.copy}
        </button>
      </div>
      <button
        type="button"
        className="btn btn-secondary api-token-secret__done"
        onClick={props.onDone}
      >
        {t.done}
      </button>
    </div>
  );
}
