/** Who is using the app: loading, signed out, a guest (anonymous session) or a signed-in user. */
import { authClient } from '../../api/auth-client';

export type Viewer =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'guest'; user: { id: string; name: string } }
  | {
      status: 'signed-in';
      user: { id: string; name: string; email: string; role: string };
    };

export function useViewer(): Viewer {
  const session = authClient.useSession();
  if (session.isPending) return { status: 'loading', user: null };
  const user = session.data?.user;
  if (!user) return { status: 'signed-out', user: null };
  if (user.isAnonymous) return { status: 'guest', user: { id: user.id, name: user.name } };
  // The role is an additional field of the session's user (better-auth); 'user' when absent.
  const role = (user as { role?: unknown }).role;
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

/** Asks better-auth to fetch the session again (after the role changed on the server). */
export function refreshSession(): void {
  authClient.$store.notify('$sessionSignal');
}
