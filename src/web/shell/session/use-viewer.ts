/**
 * Who is using the app: loading, signed out, a guest (anonymous session) or a signed-in user.
 * Offline or with no session answer (a reload without network, a network that lets nothing
 * through), the account last seen stands in, marked `offline` (last-session.ts): the page does
 * not pretend they signed out.
 */
import { useOnline } from '../../api/offline';
import { refetchSession, useSession } from '../../api/session';
import { readLastSession } from './last-session';

export type Viewer =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'guest'; user: { id: string; name: string } }
  | {
      status: 'signed-in';
      user: { id: string; name: string; email: string; role: string };
      /** Not confirmed by the server: the last known account, shown while offline. */
      offline?: true;
    };

export function useViewer(): Viewer {
  const session = useSession();
  const online = useOnline();
  if (session.isPending) return { status: 'loading', user: null };
  const user = session.data?.user;
  if (!user) {
    // No network, whether the browser knows it (offline) or only the failed read does.
    const remembered = online && !session.unreachable ? null : readLastSession();
    if (remembered) return { status: 'signed-in', user: remembered, offline: true };
    return { status: 'signed-out', user: null };
  }
  if (user.isAnonymous) return { status: 'guest', user: { id: user.id, name: user.name } };
  // The role is an additional field of the session's user (better-auth); 'user' when absent.
  const role: unknown = user.role;
  return {
    status: 'signed-in',
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: typeof role === 'string' ? role : 'user',
    },
  };
}

/** Fetches the session again (after the role changed on the server). */
export function refreshSession(): void {
  void refetchSession();
}
