/**
 * The words of the session: sign-out, legacy games claimed, the admin claim's mail, level-up and
 * achievement toasts.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const progressToastsText = i18n('session/progress', {
  levelUp: params<{ level: number }>('Level Up! You are now Level {level} 🎉'),
  /** The toasts' action, to the player page. */
  profile: 'Profile',
  achievement: params('Achievement unlocked: {name}'),
  /** The celebration card (issue 24 item 5): its landmark's name and its close button. */
  celebration: 'Celebration',
  dismiss: 'Dismiss',
});

export const legacyClaimText = i18n('session/legacy-claim', {
  claimed: count({
    one: 'We found {count} of your earlier ranks and added it to your account.',
    many: 'We found {count} of your earlier ranks and added them to your account.',
  }),
});

export const signOutText = i18n('session/sign-out', {
  signedOut: 'Signed out',
});

/** After signing in with an address on ADMIN_EMAILS (decision 0028). */
export const adminClaimText = i18n('session/admin-claim', {
  sent: params('We sent a confirmation link to {email}'),
  openHere:
    'Open it in this browser, signed in to this account, within 30 minutes to become an admin.',
  /** An allowlisted account that cannot claim yet (issue 24 item 7), with a way to the steps. */
  needsVerify: 'To become an admin, verify your email address first.',
  needsSignIn: 'To become an admin, sign in again.',
  showSteps: 'Show me',
});
