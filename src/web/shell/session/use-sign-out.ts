/** Signing out, from wherever the button is: clears answers cached for the previous person. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../ui/toasts';
import { authClient } from '../../api/auth-client';
import { thrownAuthErrorMessage } from '../../api/auth-errors';
import { signOutText } from '../../i18n/messages/session';

export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      const { error } = await authClient.signOut();
      if (error) throw error;
      // Other games' answers were for the previous person; the shell refetches what is on screen.
      queryClient.removeQueries({ type: 'inactive' });
      toast(signOutText.get().signedOut);
    } catch (error) {
      toast.error(thrownAuthErrorMessage(error));
    } finally {
      setSigningOut(false);
    }
  };
  return { signOut, signingOut };
}
