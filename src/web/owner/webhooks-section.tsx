/**
 * The owner's Webhooks section (decisions 0025, 0030), folded away under the owner's actions: add
 * a URL with the events it gets (the signing secret is shown once, with Copy), the list with
 * Remove (after a confirmation) and Turn off / Turn back on, and each webhook's delivery log.
 * The list is read with the page (it is small) so that a webhook turned off for failing too
 * often shows a notice even while the section is folded; the log is fetched when opened.
 */
import { Check, Copy, Power, PowerOff, Trash2, TriangleAlert, Webhook } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  MAX_WEBHOOKS_PER_GAME,
  WEBHOOK_EVENTS,
  type DeliveryView,
  type WebhookEvent,
  type WebhookView,
} from '../../domain/webhooks';
import { useSession } from '../api/session';
import { errorMessage } from '../api/errors';
import {
  useAddWebhook,
  useDeliveries,
  useRemoveWebhook,
  useSetWebhookEnabled,
  useWebhooks,
} from '../api/webhooks';
import { formatDateTime } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { deliveryLogText, webhookSecretText, webhooksText } from '../i18n/messages/webhooks';
import { copyText } from '../ui/copy-link-button';
import { ListError } from '../ui/list-states';
import { toast } from '../ui/toasts';
import { paths } from '../paths';
import { ConfirmDialog } from '../ui/confirm-dialog';
import './webhooks.css';

const STATUS_CLASS: Record<DeliveryView['status'], string> = {
  pending: 'owner-webhooks__status is-pending',
  delivered: 'owner-webhooks__status is-delivered',
  failed: 'owner-webhooks__status is-failed',
};

export function WebhooksSection(props: { gameId: string }) {
  const t = useText(webhooksText);
  const [open, setOpen] = useState(false);
  const hooks = useWebhooks(props.gameId, true);
  const [secret, setSecret] = useState<string | null>(null);
  const listId = useId();
  const details = useRef<HTMLDetailsElement>(null);
  // Webhooks need a proven inbox (decision 0029): say so instead of a form the server refuses.
  const verified = useSession().data?.user.emailVerified !== false;
  const offCount = hooks.data?.filter((hook) => hook.disabledAt !== null).length ?? 0;

  return (
    <>
      {offCount > 0 ? (
        <div
          className="notice notice--warning owner-webhooks__notice"
          role="status"
          data-testid="webhooks-off-notice"
        >
          <TriangleAlert size={18} aria-hidden="true" />
          <div className="owner-webhooks__notice-body">
            <p>{t.offNotice(offCount)}</p>
            {open ? null : (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => {
                  if (!details.current) return;
                  details.current.open = true;
                  details.current.querySelector('summary')?.focus();
                }}
              >
                {t.showWebhooks}
              </button>
            )}
          </div>
        </div>
      ) : null}
      <details
        ref={details}
        className="owner-fold"
        data-testid="owner-webhooks"
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary className="owner-fold__summary">
          <Webhook size={18} aria-hidden="true" />
          {t.title}
        </summary>
        <div className="owner-fold__body owner-webhooks__body">
          <p className="owner-webhooks__lede">{t.lede}</p>
          {secret ? <SecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
          {!verified ? (
            <p className="notice owner-webhooks__verify" data-testid="webhooks-verify">
              {t.verifyFirst} <Link to={paths.account()}>{t.verifyLink}</Link>
            </p>
          ) : hooks.data && hooks.data.length >= MAX_WEBHOOKS_PER_GAME ? (
            <p className="field__hint">{t.full({ max: MAX_WEBHOOKS_PER_GAME })}</p>
          ) : (
            <AddWebhookForm gameId={props.gameId} onAdded={setSecret} />
          )}
          <h3 id={listId} className="owner-webhooks__heading">
            {t.list}
          </h3>
          {hooks.isPending && open ? (
            <p className="owner-webhooks__muted" role="status">
              {t.loading}
            </p>
          ) : hooks.isError ? (
            <ListError
              error={hooks.error}
              message={t.loadFailed}
              onRetry={() => void hooks.refetch()}
            />
          ) : hooks.data && hooks.data.length === 0 ? (
            <p className="owner-webhooks__muted">{t.empty}</p>
          ) : (
            <ul className="owner-webhooks__list" aria-labelledby={listId}>
              {hooks.data?.map((hook) => (
                <WebhookRow key={hook.id} gameId={props.gameId} hook={hook} />
              ))}
            </ul>
          )}
        </div>
      </details>
    </>
  );
}

function AddWebhookForm(props: { gameId: string; onAdded: (secret: string) => void }) {
  const t = useText(webhooksText);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const urlId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const add = useAddWebhook(props.gameId, {
    onSuccess: (created) => {
      setUrl('');
      toast.success(t.added);
      props.onAdded(created.secret);
    },
    onError: () => input.current?.focus(),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!add.isPending) add.mutate({ url, events });
  };
  const error = add.isError ? errorMessage(add.error) : null;
  return (
    <form className="owner-webhooks__form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={urlId}>{t.url}</label>
        <input
          ref={input}
          id={urlId}
          className="input"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={t.urlPlaceholder}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          data-testid="webhook-url"
        />
        <p id={hintId} className="field__hint">
          {t.urlHint}
        </p>
      </div>
      <fieldset className="owner-webhooks__events">
        <legend>{t.events}</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <label key={name} className="owner-webhooks__check">
            <input
              type="checkbox"
              checked={events.includes(name)}
              onChange={(event) =>
                setEvents((current) =>
                  event.target.checked
                    ? WEBHOOK_EVENTS.filter((e) => e === name || current.includes(e))
                    : current.filter((e) => e !== name),
                )
              }
            />
            {t[name]}
          </label>
        ))}
      </fieldset>
      <p id={errorId} className="form-error" role="alert">
        {error}
      </p>
      <div>
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={add.isPending}
          data-testid="webhook-add"
        >
          {add.isPending ? t.adding : t.add}
        </button>
      </div>
    </form>
  );
}

/** The secret, once: Copy, then "I've saved it" hides it for good. */
function SecretNotice(props: { secret: string; onDone: () => void }) {
  const t = useText(webhookSecretText);
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  const box = useRef<HTMLElement>(null);
  return (
    <section
      className="owner-webhooks__secret"
      aria-labelledby={titleId}
      data-testid="webhook-secret"
    >
      <h3 id={titleId} className="owner-webhooks__heading">
        {t.title}
      </h3>
      <p>{t.text}</p>
      <code ref={box} className="owner-webhooks__secret-value">
        {props.secret}
      </code>
      <div className="owner-webhooks__secret-actions">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={async () => {
            if (await copyText(props.secret)) {
              setCopied(true);
              toast.success(t.copied);
            } else {
              toast.error(t.copyFailed);
              const range = document.createRange();
              if (box.current) range.selectNodeContents(box.current);
              window.getSelection()?.removeAllRanges();
              window.getSelection()?.addRange(range);
            }
          }}
        >
          {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          {t.copy}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={props.onDone}>
          {t.done}
        </button>
      </div>
    </section>
  );
}

function WebhookRow(props: { gameId: string; hook: WebhookView }) {
  const t = useText(webhooksText);
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const logId = useId();
  const remove = useRemoveWebhook(props.gameId, props.hook.id, {
    onSuccess: () => {
      setConfirming(false);
      toast.success(t.removed);
    },
  });
  const toggle = useSetWebhookEnabled(props.gameId, props.hook.id, {
    onSuccess: (_result, enabled) => toast.success(enabled ? t.turnedOn : t.turnedOff),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const events = props.hook.events.map((name) => t[name]).join(', ');
  const { disabledAt, consecutiveFailures } = props.hook;
  const off = disabledAt !== null;
  return (
    <li className={`owner-webhooks__item${off ? ' is-off' : ''}`} data-testid="webhook-row">
      <p className="owner-webhooks__url">{props.hook.url}</p>
      <p className="owner-webhooks__muted">{t.eventsOf({ events })}</p>
      {off ? (
        <p className="owner-webhooks__off" data-testid="webhook-off">
          {consecutiveFailures > 0
            ? t.offAfterFailures({ date: formatDateTime(disabledAt), count: consecutiveFailures })
            : t.offByOwner({ date: formatDateTime(disabledAt) })}
        </p>
      ) : consecutiveFailures > 0 ? (
        <p className="owner-webhooks__muted">{t.failing({ count: consecutiveFailures })}</p>
      ) : null}
      <div className="owner-webhooks__row-actions">
        {off ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            aria-disabled={toggle.isPending}
            onClick={() => !toggle.isPending && toggle.mutate(true)}
          >
            <Power size={16} aria-hidden="true" />
            {toggle.isPending ? t.turningOn : t.turnOn}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-disabled={toggle.isPending}
            onClick={() => !toggle.isPending && toggle.mutate(false)}
          >
            <PowerOff size={16} aria-hidden="true" />
            {toggle.isPending ? t.turningOff : t.turnOff}
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? t.hideLog : t.showLog}
        </button>
        <ConfirmDialog
          trigger={
            <button type="button" className="btn btn-danger-outline btn-sm">
              <Trash2 size={16} aria-hidden="true" />
              {t.remove}
            </button>
          }
          open={confirming}
          onOpenChange={(next) => {
            if (next) remove.reset();
            setConfirming(next);
          }}
          title={t.removeTitle}
          confirmLabel={t.remove}
          pendingLabel={t.removing}
          pending={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          tone="danger"
          onConfirm={() => remove.mutate()}
        >
          <p>{t.removeText({ url: props.hook.url })}</p>
        </ConfirmDialog>
      </div>
      <div id={logId} hidden={!showLog}>
        {showLog ? <DeliveryLog gameId={props.gameId} webhookId={props.hook.id} /> : null}
      </div>
    </li>
  );
}

function DeliveryLog(props: { gameId: string; webhookId: string }) {
  const t = useText(deliveryLogText);
  const events = useText(webhooksText);
  const log = useDeliveries(props.gameId, props.webhookId, true);
  if (log.isPending) {
    return (
      <p className="owner-webhooks__muted" role="status">
        {t.loading}
      </p>
    );
  }
  if (log.isError) {
    return (
      <ListError error={log.error} message={t.loadFailed} onRetry={() => void log.refetch()} />
    );
  }
  if (log.data.length === 0) return <p className="owner-webhooks__muted">{t.empty}</p>;
  const statusText = (status: DeliveryView['status']) => t[status];
  return (
    <div className="owner-webhooks__log" tabIndex={0} role="region" aria-label={t.caption}>
      <table data-testid="webhook-log">
        <caption className="visually-hidden">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.event}</th>
            <th scope="col">{t.time}</th>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.attempts}</th>
            <th scope="col">{t.code}</th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((delivery) => (
            <tr key={delivery.id}>
              <td>{events[delivery.event]}</td>
              <td>{formatDateTime(delivery.deliveredAt ?? delivery.createdAt)}</td>
              <td>
                <span className={STATUS_CLASS[delivery.status]}>{statusText(delivery.status)}</span>
              </td>
              <td>{delivery.attempts}</td>
              <td title={delivery.lastError ?? undefined}>{delivery.lastStatusCode ?? t.noCode}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
