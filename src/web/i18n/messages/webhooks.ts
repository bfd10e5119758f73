/**
 * The owner's Webhooks section on the results page (decisions 0025, 0030): add a URL (the secret
 * shown once), the list with Remove and Turn off / back on, the notice when one was turned off
 * for failing, and each webhook's delivery log. The server's refusals (bad URL,
 * too many) are shown as the server words them.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const webhooksText = i18n('webhooks/section', {
  title: 'Webhooks',
  lede: 'Send this rank’s events to your own server: each new ranking, and the moment it closes. Requests are signed with a secret you get once.',
  url: 'Webhook URL',
  urlPlaceholder: 'https://example.com/crowned',
  urlHint: 'https only. We POST JSON and retry for a few hours if your server fails.',
  events: 'Events',
  submission: 'New ranking',
  closed: 'Rank closed',
  /** Shown instead of the form while the owner's e-mail address is not confirmed. */
  verifyFirst: 'Confirm your email address to add webhooks.',
  /** The link to /account after verifyFirst. */
  verifyLink: 'Confirm it on your account page',
  add: 'Add webhook',
  adding: 'Adding…',
  added: 'Webhook added',
  loading: 'Loading webhooks…',
  empty: 'No webhooks yet.',
  loadFailed: 'Webhooks didn’t load.',
  retry: 'Retry',
  /** {max} is a number. */
  full: params('This rank has {max} webhooks, the most it can have.'),
  list: 'Your webhooks',
  eventsOf: params('Sends: {events}'),
  showLog: 'Delivery log',
  hideLog: 'Hide log',
  remove: 'Remove',
  removeTitle: 'Remove this webhook?',
  removeText: params('{url} will get no more events. Its delivery log goes too.'),
  removing: 'Removing…',
  removed: 'Webhook removed',
  /** Shown on the owner's page while any webhook is off (decision 0030). */
  offNotice: count({
    one: 'A webhook is turned off: its server kept failing, so we stopped sending to it. Check it, then turn it back on.',
    many: '{count} webhooks are turned off: their servers kept failing, so we stopped sending to them. Check them, then turn them back on.',
  }),
  showWebhooks: 'Show webhooks',
  /** {date} is a date and time; {count} a number. */
  offAfterFailures: params('Turned off {date} after {count} failed deliveries in a row.'),
  /** {date} is a date and time. */
  offByOwner: params('Turned off {date}. Nothing is sent until you turn it back on.'),
  /** {count} is a number. */
  failing: params('{count} failed deliveries in a row.'),
  turnOn: 'Turn back on',
  turningOn: 'Turning on…',
  turnedOn: 'Webhook turned back on',
  turnOff: 'Turn off',
  turningOff: 'Turning off…',
  turnedOff: 'Webhook turned off',
});

export const webhookSecretText = i18n('webhooks/secret', {
  title: 'Your signing secret',
  text: 'Copy it now: it will not be shown again. Check each request’s X-Crowned-Signature with it.',
  copy: 'Copy secret',
  copied: 'Secret copied',
  copyFailed: 'Could not copy. Select the secret and copy it yourself.',
  done: 'I’ve saved it',
});

export const deliveryLogText = i18n('webhooks/log', {
  caption: 'Recent deliveries, newest first',
  loading: 'Loading deliveries…',
  empty: 'Nothing sent yet. Events appear here as they happen.',
  loadFailed: 'The delivery log didn’t load.',
  event: 'Event',
  time: 'Time',
  status: 'Status',
  attempts: 'Attempts',
  code: 'Answer',
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  noCode: '—',
});
