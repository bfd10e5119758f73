/**
 * What happens when a session starts or changes, with nothing on screen: profile upkeep (once
 * per person per tab session), the admin self-grant and the legacy claim after an account signs
 * in, and the live profile stream with its level-up and achievement celebration (SPEC §4).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../paths';
import { burst } from '../../ui/confetti';
import { toast } from '../../ui/toasts';
import { celebrate } from '../../ui/celebration';
import { LEGACY_CLAIM_MAX } from '../../../domain/limits';
import { ApiError } from '../../api/errors';
import { forgetLegacyIds, pendingLegacyIds } from './legacy';
import { clearLoginNext, isSignInPath } from './login-next';
import { claimAdmin, claimLegacyGames, meKeys, postTouch } from '../../api/me';
import type { Profile } from '../../api/me';
import { useProfile, useProfileStream } from './profile';
import { progressNews } from './progress-toasts';
import { firstStartInTab, touchBody } from './profile-upkeep';
import { refreshSession, useViewer } from './use-viewer';
import { forgetSession, rememberSession } from './last-session';
import { useBackOnline } from '../../api/offline';
import { adminClaimText, legacyClaimText } from '../../i18n/messages/session';

let claimInFlight = false;

/** Claims the remembered legacy games for the signed-in account, then forgets them. */
async function claimLegacy(onClaimed: (count: number) => void): Promise<void> {
  const ids = pendingLegacyIds().slice(0, LEGACY_CLAIM_MAX);
  if (ids.length === 0 || claimInFlight) return;
  claimInFlight = true;
  try {
    const claimed = await claimLegacyGames(ids);
    forgetLegacyIds(ids);
    if (claimed.length > 0) onClaimed(claimed.length);
  } catch (error) {
    // Refused as invalid: they never will be claimed. Anything else (no endpoint yet, a passing
    // failure): they stay for the next sign-in.
    if (error instanceof ApiError && error.code === 'invalid-argument') forgetLegacyIds(ids);
  } finally {
    claimInFlight = false;
  }
}

export function SessionEffects() {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const userId = viewer.user?.id ?? null;
  const isAccount = viewer.status === 'signed-in';

  // A session start: upkeep for anyone with a session; the admin self-grant for accounts.
  useEffect(() => {
    if (!userId) return;
    if (!firstStartInTab(`${userId}:${isAccount ? 'account' : 'guest'}`)) return;
    void postTouch(touchBody());
    if (!isAccount) return;
    void claimAdmin().then((result) => {
      // An allowlisted address: the role comes when the mailed link is opened (decision 0028).
      if (result.sentTo) {
        const t = adminClaimText.get();
        toast(t.sent({ email: result.sentTo }), { description: t.openHere, duration: 15_000 });
      }
      // On the list but not ready: say what is missing, with the way through it.
      if (result.needs) {
        const t = adminClaimText.get();
        toast(result.needs === 'verify-email' ? t.needsVerify : t.needsSignIn, {
          duration: 10_000,
          action: { label: t.showSteps, onClick: () => void navigate(paths.accountAdminClaim()) },
        });
      }
      if (!result.admin) return;
      // The role changed on the server: the session and the profile say so once refetched.
      refreshSession();
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
    });
  }, [userId, isAccount, queryClient, navigate]);

  // Signed in and past the sign-in screens (a provider redirect lands on the target directly):
  // a stored login target is spent.
  const pastSignIn = isAccount && !isSignInPath(pathname);
  useEffect(() => {
    if (pastSignIn) clearLoginNext();
  }, [pastSignIn]);

  // Legacy games remembered on this device become this account's.
  useEffect(() => {
    if (!userId || !isAccount) return;
    void claimLegacy((count) => {
      toast.success(legacyClaimText.get().claimed(count));
      void queryClient.invalidateQueries();
    });
  }, [userId, isAccount, queryClient]);

  // The account last seen, for a reload without network (last-session.ts); the server's "nobody"
  // forgets it. Back online, the session is asked again.
  const confirmed = viewer.status === 'signed-in' && !viewer.offline ? viewer.user : null;
  const nobody = viewer.status === 'signed-out' || viewer.status === 'guest';
  useEffect(() => {
    if (confirmed) rememberSession(confirmed);
    else if (nobody) forgetSession();
  }, [confirmed, nobody]);
  useBackOnline(refreshSession);

  useProfileStream(isAccount && !viewer.offline ? userId : null);
  useProgressCelebration();

  return null;
}

/**
 * The signed-in player's progress, whichever way the profile changed in this tab (its stream, a
 * refetch): 'Level Up! You are now Level N 🎉' (SPEC §4) and the achievements unlocked, on the
 * celebration card (issue 24 item 5) with a Profile link, and confetti for a level-up. Every
 * open tab has its own stream, so each tab shows them once.
 */
function useProgressCelebration(): void {
  const { profile } = useProfile();
  const seen = useRef<Profile | null>(null);
  useEffect(() => {
    if (!profile) return;
    const news = progressNews(seen.current, profile);
    seen.current = profile;
    celebrate({ level: profile.level, levelUp: news.levelUp !== null, unlocked: news.unlocked });
    if (news.levelUp !== null) burst({ origin: { y: 0.3 } });
  }, [profile]);
}
