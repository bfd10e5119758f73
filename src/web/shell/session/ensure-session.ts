/**
 * A session to play with: the current one, else a new guest session (no account needed to play).
 * better-auth's client is loaded for it then (decision 0069: a first visit reads without it).
 */
import { authErrorMessage } from '../../api/auth-errors';
import { ApiError } from '../../api/errors';
import type { Viewer } from './use-viewer';

let guestSignIn: Promise<void> | null = null;

export async function ensureSession(viewer: Viewer): Promise<void> {
  if (viewer.status === 'guest' || viewer.status === 'signed-in') return;
  // A progress save and a submit may both ask at once: one guest, not two.
  guestSignIn ??= (async () => {
    const { authClient } = await import('../../api/auth-client');
    const current = await authClient.getSession();
    if (current.data?.user) return;
    const { error } = await authClient.signIn.anonymous();
    if (error) throw new ApiError('unauthenticated', authErrorMessage(error));
  })().finally(() => {
    guestSignIn = null;
  });
  return guestSignIn;
}
