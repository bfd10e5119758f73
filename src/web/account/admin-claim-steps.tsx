/**
 * /account/admin-claim without a link (issue 24 item 7): the steps from an address on the admin
 * list to the admin role (decision 0028), what is done and what is next. The claim itself says
 * what is missing: a verified address (it answers `needs`), a sign-in made after the address was
 * verified (its 403), or nothing (it mails the link, or one is waiting). Each step offers its
 * action: send the verification mail again, sign out and in again, or open the mailed link.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { authClient } from '../api/auth-client';
import { claimAdmin, meKeys, type AdminClaim } from '../api/me';
import { errorMessage } from '../api/errors';
import { paths } from '../paths';
import { PageLoading } from '../ui/loading';
import { refreshSession } from '../shell/session/use-viewer';
import { useSignOut } from '../shell/session/use-sign-out';
import { useText } from '../i18n/i18n';
import { adminClaimPageText } from '../i18n/messages/account';
import { RichText } from '../i18n/rich-text';
import { accountLinks } from './links';

type Step = 'verify' | 'fresh' | 'mail';
const STEPS: Step[] = ['verify', 'fresh', 'mail'];

/** The step to do now, from the claim's answer (null: nothing to do, or not on the list). */
function currentStep(claim: AdminClaim): Step | null {
  if (claim.needs === 'verify-email') return 'verify';
  if (claim.needs === 'sign-in-again') return 'fresh';
  if (claim.pending) return 'mail';
  return null;
}

export function AdminClaimSteps(props: { email: string }) {
  const t = useText(adminClaimPageText);
  const queryClient = useQueryClient();
  // The claim as the sign-in made it: asking again mails nothing new while a link waits.
  const claim = useQuery({
    queryKey: [...meKeys.all, 'admin-claim-steps'],
    queryFn: claimAdmin,
    staleTime: 0,
    gcTime: 0,
  });
  if (claim.isPending) return <PageLoading label={t.checking} />;
  const answer = claim.data;
  if (!answer) return <p className="center">{t.unavailable}</p>;
  if (answer.admin) return <AdminReady message={t.alreadyAdmin} />;
  const now = currentStep(answer);
  if (!now) return <p className="center">{t.notListed}</p>;
  const recheck = () => {
    refreshSession();
    void queryClient.invalidateQueries({ queryKey: meKeys.all });
  };
  const at = STEPS.indexOf(now);
  return (
    <>
      <p>{t.stepsIntro}</p>
      <ol className="claim-steps" aria-label={t.stepsLabel}>
        {STEPS.map((step, index) => {
          const state = index < at ? 'done' : index === at ? 'now' : 'later';
          return (
            <li
              key={step}
              className={`claim-step claim-step--${state}`}
              data-testid={`claim-step-${step}`}
              data-state={state}
              aria-current={state === 'now' ? 'step' : undefined}
            >
              <span className="claim-step__mark" aria-hidden="true">
                {state === 'done' ? <Check size={16} strokeWidth={3} /> : index + 1}
              </span>
              <div className="claim-step__body">
                <h2 className="claim-step__title">
                  {stepTitle(step, t)}
                  {state === 'done' ? (
                    <span className="visually-hidden"> ({t.stepDone})</span>
                  ) : state === 'now' ? (
                    <span className="visually-hidden"> ({t.stepNow})</span>
                  ) : null}
                </h2>
                {state === 'now' ? (
                  <StepNow
                    step={step}
                    email={props.email}
                    claim={answer}
                    onRecheck={recheck}
                    checking={claim.isFetching}
                  />
                ) : step === 'mail' && state === 'later' ? (
                  <p className="muted">{t.mailLater}</p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** The claim is through: `message` says how, and the way in to admin follows. */
export function AdminReady(props: { message: string }) {
  const t = useText(adminClaimPageText);
  return (
    <>
      <p className="center" role="status">
        {props.message}
      </p>
      <Link className="btn btn-primary btn-block" to={paths.admin()}>
        {t.openAdmin}
      </Link>
    </>
  );
}

function stepTitle(step: Step, t: ReturnType<typeof adminClaimPageText.get>): string {
  if (step === 'verify') return t.verifyTitle;
  if (step === 'fresh') return t.freshTitle;
  return t.mailTitle;
}

function StepNow(props: {
  step: Step;
  email: string;
  claim: AdminClaim;
  onRecheck: () => void;
  checking: boolean;
}) {
  const t = useText(adminClaimPageText);
  const { signOut, signingOut } = useSignOut();
  const [mail, setMail] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const email = <strong className="auth-email">{props.email}</strong>;

  if (props.step === 'verify') {
    const resend = async () => {
      setMail('busy');
      setError(null);
      const { error: failed } = await authClient.sendVerificationEmail({
        email: props.email,
        callbackURL: paths.accountAdminClaim(),
      });
      if (failed) {
        setMail('idle');
        setError(errorMessage(failed));
      } else setMail('sent');
    };
    return (
      <div className="stack">
        <p>
          <RichText text={t.verifyText} values={{ email }} />
        </p>
        {mail === 'sent' ? <p role="status">{t.verifySent}</p> : null}
        <div className="claim-step__actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={props.onRecheck}
            disabled={props.checking}
          >
            {t.checkAgain}
          </button>
          {mail === 'sent' ? null : (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void resend()}
              disabled={mail === 'busy'}
            >
              {t.verifyResend}
            </button>
          )}
        </div>
        <div className="form-error" role="alert">
          {error}
        </div>
      </div>
    );
  }
  if (props.step === 'fresh') {
    const again = async () => {
      await signOut();
      // A fresh page load: the sign-in screen must not see the session that just ended.
      window.location.assign(accountLinks.login({ next: paths.accountAdminClaim() }));
    };
    return (
      <div className="stack">
        <p>{t.freshText}</p>
        <div className="claim-step__actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void again()}
            disabled={signingOut}
          >
            {t.freshButton}
          </button>
        </div>
      </div>
    );
  }
  return (
    <p role="status">
      {props.claim.sentTo ? <RichText text={t.mailSent} values={{ email }} /> : t.mailWaiting}
    </p>
  );
}
