/**
 * /account/admin-claim#<token>: where the admin claim's mail lands (decision 0028); without a
 * token, the steps to admin (admin-claim-steps.tsx). Opening the
 * link changes nothing (a mail scanner may open it): this page asks, and its button POSTs the
 * token. The server grants only to the account and the session that asked. The token is read
 * from the address's fragment (never sent to a server in a request line or a Referer) and taken
 * off the address at once.
 */
import { ShieldCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/errors';
import { confirmAdminClaim, meKeys } from '../api/me';
import { paths } from '../paths';
import { PageLoading } from '../ui/loading';
import { refreshSession, useViewer } from '../shell/session/use-viewer';
import { useText } from '../i18n/i18n';
import { adminClaimPageText } from '../i18n/messages/account';
import { commonText } from '../i18n/messages/common';
import { bootText } from '../i18n/messages/shell';
import { RichText } from '../i18n/rich-text';
import { accountLinks } from './links';
import { AdminClaimSteps, AdminReady } from './admin-claim-steps';
import './account.css';

/**
 * The link's token, once taken off the address bar. Kept for the page's life, not in a
 * component's state: the page may mount again (the session gate settling, a slow boot), and
 * the address no longer holds it then.
 */
let linkToken = '';

function takeToken(): string {
  const token = window.location.hash.replace(/^#/, '');
  if (token) {
    linkToken = token;
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
  }
  return linkToken;
}

export function AdminClaimPage() {
  const t = useText(adminClaimPageText);
  const c = useText(commonText);
  const boot = useText(bootText);
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const [token, setToken] = useState(takeToken);
  // The link opened in a tab already on this page (the steps): only the fragment changes.
  useEffect(() => {
    const onHash = () => {
      const taken = takeToken();
      if (taken) setToken(taken);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'pending' } | { kind: 'done' } | { kind: 'error'; message: string }
  >({ kind: 'idle' });

  if (viewer.status === 'loading') return <PageLoading label={boot.checking} />;

  const confirm = async () => {
    setState({ kind: 'pending' });
    try {
      await confirmAdminClaim(token);
      linkToken = '';
      setState({ kind: 'done' });
      refreshSession();
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error) });
    }
  };

  let body;
  if (!token) {
    // No link: the steps, what is done and what is next (issue 24 item 7).
    body =
      viewer.status === 'signed-in' ? (
        <AdminClaimSteps email={viewer.user.email} />
      ) : (
        <>
          <p className="center">{t.signInToStart}</p>
          <Link
            className="btn btn-primary btn-block"
            to={accountLinks.login({ next: paths.accountAdminClaim() })}
          >
            {t.signIn}
          </Link>
        </>
      );
  } else if (viewer.status !== 'signed-in') {
    body = (
      <>
        <p className="center">{t.signInFirst}</p>
        <Link className="btn btn-primary btn-block" to={accountLinks.login({ next: null })}>
          {t.signIn}
        </Link>
      </>
    );
  } else if (state.kind === 'done') {
    body = <AdminReady message={t.done} />;
  } else {
    body = (
      <>
        <p className="center">
          <RichText
            text={t.question}
            values={{ email: <strong className="auth-email">{viewer.user.email}</strong> }}
          />
        </p>
        <p className="muted center">{t.notYou}</p>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => void confirm()}
          disabled={state.kind === 'pending'}
        >
          {state.kind === 'pending' ? t.confirming : t.confirm}
        </button>
        <div className="form-error" role="alert">
          {state.kind === 'error' ? state.message : null}
        </div>
      </>
    );
  }

  return (
    <>
      <title>{c.pageTitle({ title: t.docTitle })}</title>
      <section className="card auth-card" aria-labelledby="admin-claim-title">
        <div className="auth-card__crown" aria-hidden="true">
          <ShieldCheck size={28} />
        </div>
        <h1 id="admin-claim-title" className="auth-card__title">
          {t.title}
        </h1>
        <div className="stack">{body}</div>
      </section>
    </>
  );
}
