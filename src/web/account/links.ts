/** URLs of the account screens: paths.ts builds the routes, this adds their modes and notices. */
import { paths } from '../paths';

export type AuthMode = 'sign-in' | 'register' | 'forgot';

export const accountLinks = {
  /** Where better-auth's reset link lands (it adds ?token= or ?error=). */
  reset: () => paths.accountReset(),
  outbox: () => paths.devOutbox(),
  /** The login gate (Google, e-mail or guest), keeping the target to return to. */
  gate: (next?: string | null) => paths.loginGate(next ?? undefined),
  /** The sign-in page in a given mode, keeping the target to return to. */
  login: (options: { mode?: AuthMode; next?: string | null; notice?: 'password-reset' } = {}) => {
    const query = new URLSearchParams();
    if (options.mode && options.mode !== 'sign-in') query.set('mode', options.mode);
    if (options.next) query.set('next', options.next);
    if (options.notice) query.set('notice', options.notice);
    const search = query.toString();
    return search ? `${paths.login()}?${search}` : paths.login();
  },
};

export function parseMode(value: string | null): AuthMode | null {
  return value === 'register' || value === 'forgot' || value === 'sign-in' ? value : null;
}
