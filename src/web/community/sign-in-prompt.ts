/**
 * Liking and reporting need an account: signed-out visitors and guests get a toast that says so,
 * with a Sign in action that comes back to this page afterwards.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../ui/toasts';
import { paths } from '../paths';
import { currentTarget, rememberLoginNext } from '../shell/session/login-next';
import { useText } from '../i18n/i18n';
import { signInPromptText } from '../i18n/messages/community';

const PROMPT_MS = 6000;

export function useSignInPrompt(): (message: string) => void {
  const t = useText(signInPromptText);
  const navigate = useNavigate();
  const location = useLocation();
  const target = currentTarget(location);
  return useCallback(
    (message: string) => {
      toast(message, {
        id: 'community-sign-in',
        duration: PROMPT_MS,
        action: {
          label: t.signIn,
          onClick: () => {
            rememberLoginNext(target);
            navigate(paths.account(target));
          },
        },
      });
    },
    [navigate, target, t],
  );
}
