/**
 * /dev/outbox: mail kept on this machine when no SMTP server is configured and DEV_OUTBOX=1
 * (development only); a friendly card when it is off or asked for from elsewhere.
 */
import { ExternalLink, Inbox, MailX, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../api/errors';
import { PageLoading } from '../ui/loading';
import { StatusCard } from '../ui/status-card';
import { useOutbox, type OutboxMessage } from '../api/account';
import { accountLinks } from './links';
import { formatDateTime } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { outboxText } from '../i18n/messages/account';
import { RichText } from '../i18n/rich-text';

/** Names of a command and settings, shown as code: the same in every language, so no catalog. */
const CODE = { dev: 'npm run dev', flag: 'DEV_OUTBOX=1', smtp: 'SMTP_URL' } as const;

export function OutboxView() {
  const t = useText(outboxText);
  const outbox = useOutbox();

  if (outbox.isPending) return <PageLoading label={t.opening} />;
  if (outbox.isError) {
    return (
      <StatusCard
        tone="error"
        icon={<MailX size={28} />}
        title={t.loadError}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => void outbox.refetch()}>
            {t.tryAgain}
          </button>
        }
      >
        {errorMessage(outbox.error)}
      </StatusCard>
    );
  }
  if (!Array.isArray(outbox.data)) {
    const notLocal = outbox.data.unavailable === 'not-local';
    return (
      <StatusCard
        icon={<MailX size={28} />}
        title={notLocal ? t.notLocalTitle : t.offTitle}
        actions={
          <Link className="btn btn-primary" to="/">
            {t.goHome}
          </Link>
        }
      >
        {notLocal ? (
          t.notLocalText
        ) : (
          <RichText
            text={t.offText}
            values={{ dev: <code>{CODE.dev}</code>, flag: <code>{CODE.flag}</code> }}
          />
        )}
      </StatusCard>
    );
  }

  const messages = outbox.data;
  return (
    <div className="outbox">
      <header className="page-head">
        <p className="eyebrow">{t.eyebrow}</p>
        <h1 className="page-title">{t.title}</h1>
        <p className="muted">
          <RichText text={t.lede} values={{ smtp: <code>{CODE.smtp}</code> }} />
        </p>
      </header>
      <div className="outbox__bar">
        <p className="muted" aria-live="polite">
          {messages.length === 0 ? t.polling : t.messages(messages.length)}
        </p>
        <button
          type="button"
          className="btn btn-secondary auth-btn-sm"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          <RefreshCw size={16} aria-hidden="true" />
          {outbox.isFetching ? t.refreshing : t.refresh}
        </button>
      </div>
      {messages.length === 0 ? (
        <section className="card outbox-empty" aria-labelledby="outbox-empty-title">
          <Inbox size={28} aria-hidden="true" />
          <h2 id="outbox-empty-title" className="outbox-message__subject">
            {t.emptyTitle}
          </h2>
          <p className="muted">
            <RichText
              text={t.emptyText}
              values={{
                forgot: <Link to={accountLinks.login({ mode: 'forgot' })}>{t.forgotPassword}</Link>,
              }}
            />
          </p>
        </section>
      ) : (
        <ol className="outbox__list">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function MessageCard(props: { message: OutboxMessage }) {
  const t = useText(outboxText);
  const { message } = props;
  const titleId = `outbox-${message.id}`;
  return (
    <article className="card outbox-message" aria-labelledby={titleId} data-testid="outbox-message">
      <h2 id={titleId} className="outbox-message__subject">
        {message.subject}
      </h2>
      <p className="outbox-message__meta muted">
        <RichText
          text={t.meta}
          values={{
            to: <strong className="auth-email">{message.to}</strong>,
            time: (
              <time dateTime={new Date(message.at).toISOString()}>
                {formatDateTime(new Date(message.at))}
              </time>
            ),
          }}
        />
      </p>
      {message.links.length > 0 ? (
        <ul className="outbox-message__links" aria-label={t.links}>
          {message.links.map((link) => (
            <li key={link}>
              <a
                className="btn btn-primary auth-btn-sm"
                href={link}
                aria-label={t.openLinkLabel({ subject: message.subject, to: message.to })}
              >
                <ExternalLink size={16} aria-hidden="true" />
                {t.openLink}
              </a>
              <code className="outbox-message__url">{link}</code>
            </li>
          ))}
        </ul>
      ) : null}
      <details className="outbox-message__body">
        <summary>{t.showMessage}</summary>
        <pre>{message.text}</pre>
      </details>
    </article>
  );
}
