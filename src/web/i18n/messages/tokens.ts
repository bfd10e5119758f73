/** The API tokens section of /account (decision 0024): list, create, the one-time secret, revoke. */
import { params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const apiTokensText = i18n('account/api-tokens', {
  title: 'API tokens',
  lede: 'Personal tokens let your own scripts and tools create games, submit rankings and read your results through the API, as you. Send one as Authorization: Bearer <token>.',
  loading: 'Loading your tokens…',
  didNotLoad: "Your tokens didn't load.",
  retry: 'Try again',
  empty: 'You have no API tokens yet.',
  listLabel: 'Your API tokens',
  /** "Created Nov 25, 2026" */
  created: params('Created {date}'),
  /** "Last used 3 minutes ago" */
  lastUsed: params('Last used {when}'),
  neverUsed: 'Never used',
  nameLabel: 'Token name',
  nameHint: params('What it is for, e.g. "Stream overlay". At most {max} characters.'),
  nameRequired: 'Give the token a name.',
  /** Shown instead of the form while the account's e-mail address is not confirmed. */
  verifyFirst:
    'Confirm your email address to create API tokens: open the link we mailed you, or send a new one above. Tokens made before a password reset, a confirmation or signing out everywhere stop working.',
  create: 'Create token',
  creating: 'Creating…',
  limitReached: params('You have {max} tokens, the most allowed. Revoke one to create another.'),
  secretTitle: params('Your new token "{name}"'),
  secretWarning:
    "Copy it now: you won't see it again. Anyone with it can act as you on your games.",
  secretLabel: 'Token',
  copy: 'Copy',
  copied: 'Token copied',
  copyFailed: 'Could not copy. Select the token and copy it by hand.',
  done: 'Done',
  revoke: 'Revoke',
  /** The Revoke button's accessible name. */
  revokeLabel: params('Revoke the token {name}'),
  revokeTitle: 'Revoke this token?',
  revokeText: params('Scripts using "{name}" stop working at once. This cannot be undone.'),
  revokeConfirm: 'Revoke token',
  revoking: 'Revoking…',
  revoked: 'Token revoked',
});
