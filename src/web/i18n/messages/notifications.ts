/**
 * Notifications (issue 30): "Tell me when results unlock" on a locked game's results, this
 * device's web push on /player, and the Notifications section of /account.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const unlockNotifyText = i18n('notifications/unlock', {
  label: 'Tell me when results unlock',
  /** Under the switch, while it is on. */
  on: "We'll e-mail you once when the results unlock, with how close you came to the crowd.",
  /** Under the switch, while it is on and the account's "Results unlocked" goes by push. */
  onPush: "We'll send a notification to your devices once, when the results unlock.",
  /** Under the switch, while it is off. */
  off: 'One e-mail when the results unlock. Nothing else.',
  saving: 'Saving…',
  loading: 'Checking…',
  /** {reason} is why the save failed, e.g. "You're offline." */
  saveFailed: params("Couldn't save that. {reason}"),
  didNotLoad: "Couldn't check whether you asked for an e-mail.",
  tryAgain: 'Try again',
  /** A signed-in player whose address is not confirmed: the e-mail waits for it. */
  unverified: 'Confirm your e-mail address first: we only e-mail confirmed addresses.',
  openAccount: 'Open your account',
  /** "Results unlocked" goes by push, and no browser of the account is subscribed. */
  noDevice: 'No device has notifications on yet.',
  turnOnDevice: 'Turn them on',
  /** The "Results unlocked" kind is off in the account's settings. */
  kindOff: 'Results unlocked notifications are off in your settings.',
  changeSettings: 'Change them',
  /** A guest: push on this device, or an account for e-mail. */
  guestTitle: 'Want to know when results unlock?',
  guestText:
    'Get a notification on this device when they do. For an e-mail instead, create an account: your ranking comes with you.',
  createAccount: 'Create an account',
  guestOn: "You'll get a notification on this device when the results unlock.",
});

export const pushOptInText = i18n('notifications/push', {
  title: 'Notifications on this device',
  lede: 'Get a notification here when people play your ranks, when a rank closes and when results unlock.',
  turnOn: 'Turn on notifications on this device',
  turningOn: 'Turning on…',
  checking: 'Checking this device…',
  on: 'Notifications are on for this device.',
  turnOff: 'Turn off on this device',
  turningOff: 'Turning off…',
  /** {reason} is why it failed, e.g. "You're offline." */
  offFailed: params("Couldn't turn off notifications. {reason}"),
  /** After the prompt was dismissed without an answer. */
  notAnswered: 'Notifications are still off: press the button again and choose Allow.',
  denied:
    'Notifications are blocked for Crowned in this browser. To allow them, open the site settings (the icon beside the address), set Notifications to Allow, then reload this page.',
  unsupported:
    "This browser can't show notifications from Crowned. On an iPhone or iPad, add Crowned to your Home Screen (Share, then Add to Home Screen) and open it from there; elsewhere, try an up-to-date Chrome, Edge, Firefox or Safari.",
  /** {reason} is why it failed, e.g. "You're offline." */
  failed: params("Couldn't turn on notifications. {reason}"),
  settingsLink: 'Choose what you get',
});

export const notificationSettingsText = i18n('notifications/settings', {
  title: 'Notifications',
  lede: 'Choose how Crowned tells you what happened. Every e-mail has a link to stop it.',
  loading: 'Loading your notification settings…',
  didNotLoad: "Your notification settings didn't load.",
  plays: 'People played your rank',
  playsHint: 'A digest of who played one of your ranks: at most one an hour for each rank.',
  closed: 'Your rank closed',
  closedHint: 'The final crowd ranking, when one of your ranks closes.',
  unlocked: 'Results unlocked',
  unlockedHint: 'When a rank you asked about on its results page unlocks.',
  email: 'E-mail',
  push: 'Push',
  off: 'Off',
  dailyDigest: 'Daily digest',
  dailyDigestOn: 'One e-mail a day with everything, instead of an e-mail each time.',
  dailyDigestOff: 'An e-mail each time. Turn on for one e-mail a day with everything.',
  /** Shown when a kind goes by push and no browser of the account is subscribed. */
  noDevices: 'Push needs a device: no device has notifications on yet.',
  /** Shown when a kind goes by push: how many browsers of the account are subscribed. */
  devices: count({
    one: 'Push goes to the device where you turned notifications on.',
    many: 'Push goes to the {count} devices where you turned notifications on.',
  }),
  openPlayer: 'Turn them on for this device',
  /** The account's address is not confirmed: nothing is mailed to it. */
  unverified: 'E-mails wait until you confirm your address (see above).',
  saving: 'Saving…',
  saved: 'Saved',
  /** {reason} is why the save failed, e.g. "You're offline." */
  saveFailed: params("Couldn't save your notification settings. {reason}"),
  tryAgain: 'Try again',
});
