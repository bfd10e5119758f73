/**
 * /dev/outbox: mail kept on this machine when no SMTP server is configured and DEV_OUTBOX=1
 * (development only); a friendly card when it is off or asked for from elsewhere.
 */
import { ExternalLink, Inbox, MailX, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../api/errors';
import { PageLoading } from '../shell/ui/loading';
import { StatusCard } from '../shell/ui/status-card';
import { useOutbox, type OutboxMessage } from '../api/account';
import { accountLinks } from './links';

const timeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

export function OutboxView() {
  const outbox = useOutbox();

  if (outbox.isPending) return <PageLoading label="Opening the dev outbox…" />;
  if (outbox.isError) {
    return (
      <StatusCard
        tone="error"
        icon={<MailX size={28} />}
        title="The dev outbox did not load"
        actions={
          <button type="button" className="btn btn-primary" onClick={() => void outbox.refetch()}>
            Try again
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
        title={
          notLocal ? 'The dev outbox opens only on the server itself' : 'The dev outbox is off'
        }
        actions={
          <Link className="btn btn-primary" to="/">
            Go home
          </Link>
        }
      >
        {notLocal ? (
          <>
            It holds password reset links, so it never answers through a proxy or to another
            computer. Open it in a browser on the machine running Crowned, at the server&apos;s own
            address (for example http://localhost:3000/dev/outbox).
          </>
        ) : (
          <>
            Mail from this server is not kept here: it goes to your inbox when the server has a mail
            server (SMTP_URL). On a development machine, <code>npm run dev</code> (or starting the
            server with <code>DEV_OUTBOX=1</code>) keeps it here instead.
          </>
        )}
      </StatusCard>
    );
  }

  const messages = outbox.data;
  return (
    <div className="outbox">
      <header className="page-head">
        <p className="eyebrow">Development only</p>
        <h1 className="page-title">Dev outbox</h1>
        <p className="muted">
          This page exists only while Crowned runs without a mail server (no <code>SMTP_URL</code>
          ). Mail it would have sent, such as password reset links, is kept here instead, newest
          first. Once <code>SMTP_URL</code> is set, mail goes out for real and this page is gone.
        </p>
      </header>
      <div className="outbox__bar">
        <p className="muted" aria-live="polite">
          {messages.length === 0
            ? 'Checks for new mail every few seconds.'
            : `${messages.length} message${messages.length === 1 ? '' : 's'}`}
        </p>
        <button
          type="button"
          className="btn btn-secondary auth-btn-sm"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          <RefreshCw size={16} aria-hidden="true" />
          {outbox.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {messages.length === 0 ? (
        <section className="card outbox-empty" aria-labelledby="outbox-empty-title">
          <Inbox size={28} aria-hidden="true" />
          <h2 id="outbox-empty-title" className="outbox-message__subject">
            Nothing in the outbox yet
          </h2>
          <p className="muted">
            Mail shows up here a moment after Crowned sends it. To try it, use{' '}
            <Link to={accountLinks.login({ mode: 'forgot' })}>Forgot password?</Link> on the sign-in
            page.
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
  const { message } = props;
  const titleId = `outbox-${message.id}`;
  return (
    <article className="card outbox-message" aria-labelledby={titleId} data-testid="outbox-message">
      <h2 id={titleId} className="outbox-message__subject">
        {message.subject}
      </h2>
      <p className="outbox-message__meta muted">
        To <strong className="auth-email">{message.to}</strong> ·{' '}
        <time dateTime={new Date(message.at).toISOString()}>
          {timeFormat.format(new Date(message.at))}
        </time>
      </p>
      {message.links.length > 0 ? (
        <ul className="outbox-message__links" aria-label="Links in this message">
          {message.links.map((link) => (
            <li key={link}>
              <a
                className="btn btn-primary auth-btn-sm"
                href={link}
                aria-label={`Open link from “${message.subject}” to ${message.to}`}
              >
                <ExternalLink size={16} aria-hidden="true" />
                Open link
              </a>
              <code className="outbox-message__url">{link}</code>
            </li>
          ))}
        </ul>
      ) : null}
      <details className="outbox-message__body">
        <summary>Show the message</summary>
        <pre>{message.text}</pre>
      </details>
    </article>
  );
}
