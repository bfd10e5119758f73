/**
 * Submitting the account screen's form: check what was typed, then sign in, create the account
 * or ask for a reset link, with `busy` while the request is out. A sign-in for an address with no
 * account offers to create one; a Google-only address is told to use Google.
 */
import { useState, type FormEvent } from 'react';
import { cleanText } from '../../domain/text';
import { authClient } from '../api/auth-client';
import { authErrorMessage, thrownAuthErrorMessage } from '../api/auth-errors';
import { toast } from '../ui/toasts';
import { googleOnlyMessage, type AuthView } from './auth-copy';
import { authFieldProblem, type AuthFieldValues } from './auth-field-check';
import { accountLinks } from './links';
import type { useMethodLookup } from './use-method-lookup';
import { friendlyMessage } from '../api/friendly';
import { authFormText } from '../i18n/messages/account';

export function useAuthSubmit(options: {
  view: AuthView;
  fields: AuthFieldValues;
  googleEnabled: boolean;
  methods: ReturnType<typeof useMethodLookup>;
  setError: (error: string | null) => void;
  /** Signing in to an address with no account: offer to create it. */
  onNoAccount: () => void;
  onResetSent: () => void;
  onSignedIn: () => void;
}) {
  const { view, fields, methods, setError } = options;
  const { name, email, password } = fields;
  const [busy, setBusy] = useState(false);
  const registering = view === 'register';

  /** Sign-in failed with "invalid email or password": which of the two, if the lookup can say. */
  const explainFailedSignIn = async (): Promise<string> => {
    const result = await methods.lookup(email);
    if (result?.kind === 'found') {
      if (result.methods.length === 0) return friendlyMessage({ code: 'auth/user-not-found' });
      if (!result.methods.includes('password')) return googleOnlyMessage(options.googleEnabled);
    }
    return friendlyMessage({ code: 'auth/wrong-password' });
  };

  const signInOrRegister = async () => {
    const known = methods.resultFor(email);
    if (!registering && known?.kind === 'found') {
      if (known.methods.length === 0) {
        // Nobody to sign in: offer to create the account with what was typed.
        options.onNoAccount();
        return;
      }
      if (!known.methods.includes('password')) {
        setError(googleOnlyMessage(options.googleEnabled));
        return;
      }
    }
    const result = registering
      ? await authClient.signUp.email({ name: cleanText(name), email: email.trim(), password })
      : await authClient.signIn.email({ email: email.trim(), password });
    if (result.error) {
      setError(
        result.error.code === 'INVALID_EMAIL_OR_PASSWORD'
          ? await explainFailedSignIn()
          : authErrorMessage(result.error),
      );
      return;
    }
    if (registering) methods.forget(email);
    const who = result.data?.user.name;
    const t = authFormText.get();
    toast.success(
      registering
        ? who
          ? t.welcomeNewName({ name: who })
          : t.welcomeNew
        : who
          ? t.welcomeBackName({ name: who })
          : t.welcomeBack,
    );
    options.onSignedIn();
  };

  const sendResetLink = async () => {
    const { error: failed } = await authClient.requestPasswordReset({
      email: email.trim(),
      redirectTo: accountLinks.reset(),
    });
    if (failed) {
      setError(authErrorMessage(failed));
      return;
    }
    options.onResetSent();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = authFieldProblem(view, fields);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (view === 'forgot') await sendResetLink();
      else await signInOrRegister();
    } catch (thrown) {
      setError(thrownAuthErrorMessage(thrown));
    } finally {
      setBusy(false);
    }
  };

  return { busy, onSubmit };
}
