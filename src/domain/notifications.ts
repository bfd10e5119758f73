/**
 * Notifications (issue 30): what a person may be told, how (e-mail, push, or not at all), and the
 * words of each. Pure: the server queues and sends (src/server/notifications/), the web app shows
 * the settings with the same kinds.
 */

/**
 * `plays`: a creator's digest of people playing their game; `closed`: a creator's game closed,
 * with the final crowd ranking; `unlocked`: a game whose results a player asked about unlocked.
 */
export const NOTIFICATION_KINDS = ['plays', 'closed', 'unlocked'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type NotificationSettings = Record<NotificationKind, NotificationChannel> & {
  /** A creator's plays of all their ranks in one digest a day instead of one per rank and hour. */
  dailyDigest: boolean;
};

/**
 * What the outbox holds: a notification of a kind above, or `daily`, a creator's daily digest
 * of plays of all their ranks (sent as their `plays` setting says).
 */
export type OutboxKind = NotificationKind | 'daily';

/** The setting (and unsubscribe link) an outbox kind goes by. */
export function settingKindOf(kind: OutboxKind): NotificationKind {
  return kind === 'daily' ? 'plays' : kind;
}

/** Everyone starts with e-mail for every kind (guests, who have no address: push). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  plays: 'email',
  closed: 'email',
  unlocked: 'email',
  dailyDigest: false,
};

export const GUEST_NOTIFICATION_SETTINGS: NotificationSettings = {
  plays: 'push',
  closed: 'push',
  unlocked: 'push',
  dailyDigest: false,
};

export const NOTIFICATION_MESSAGES = {
  guestsPushOnly: 'Guests can get push notifications only: sign in to get e-mails',
  guestNeedsPush: 'Turn on push notifications first (or sign in) to be told when results unlock',
  notPlayer: 'Only players of this game can ask to be told when its results unlock',
  unlockRequired: 'unlock must be true or false',
  settingsInvalid: 'Each kind must be "email", "push" or "off", and dailyDigest true or false',
  subscriptionInvalid: 'A push subscription needs an endpoint and its p256dh and auth keys',
  endpointInvalid: 'The push endpoint must be an https URL',
  subscriptionNotFound: 'Push subscription not found',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;

/** "1 person played …", "12 people played …". */
export function playsSubject(count: number, prompt: string): string {
  return `${count} ${count === 1 ? 'person' : 'people'} played ${prompt}`;
}

/** A daily digest's subject: one rank's as above; several: "12 people played 3 of your ranks". */
export function dailySubject(games: readonly { plays: number; prompt: string }[]): string {
  if (games.length === 1) return playsSubject(games[0]!.plays, games[0]!.prompt);
  const plays = games.reduce((sum, game) => sum + game.plays, 0);
  return playsSubject(plays, `${games.length} of your ranks`);
}

/** What each kind is called in settings and in an unsubscribe page. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  plays: 'People played your rank',
  closed: 'Your rank closed',
  unlocked: 'Results unlocked',
};

/** The channel a setting allows a person: guests have no address to mail. */
export function allowedChannel(channel: NotificationChannel, guest: boolean): boolean {
  return !(guest && channel === 'email');
}
