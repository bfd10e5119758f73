/**
 * The account screens' words: signing in, creating an account, password resets, the signed-in
 * account page, the login gate and the dev outbox. Imported by account code only (a lazy route).
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const authFormText = i18n('account/auth-form', {
  signInTitle: 'Sign in to Crowned',
  registerTitle: 'Create your account',
  forgotTitle: 'Reset your password',
  sentTitle: 'Check your inbox',
  /** The <title>s, before " · Crowned". */
  signInDocTitle: 'Sign in',
  registerDocTitle: 'Create account',
  forgotDocTitle: 'Reset password',
  signIn: 'Sign in',
  createAccount: 'Create account',
  sendResetLink: 'Send reset link',
  signingIn: 'Signing in…',
  creatingAccount: 'Creating account…',
  sending: 'Sending…',
  noAccountNote:
    'No account found for that email. Create one below: add a display name and you are in.',
  googleOnly: 'This email signs in with Google. Use Continue with Google.',
  googleOnlyOff:
    'This email signs in with Google, which is not available right now. Use "Forgot password?" to set a password.',
  continueWithGoogle: 'Continue with Google',
  orWithEmail: 'or with email',
  /** After signing in or creating an account; {name} is the display name. */
  welcomeNew: 'Welcome to Crowned!',
  welcomeNewName: params('Welcome to Crowned, {name}!'),
  welcomeBack: 'Welcome back!',
  welcomeBackName: params('Welcome back, {name}!'),
});

export const authModeText = i18n('account/mode-switch', {
  label: 'Sign in or create an account',
  signIn: 'Sign in',
  createAccount: 'Create account',
});

export const authIntroText = i18n('account/intro', {
  forgot: 'Enter the email of your account and we will send you a link to choose a new password.',
  guest: 'You are playing as a guest. Create an account or sign in: your rankings come with you.',
  cameFromElsewhere: 'Sign in or create an account to continue.',
});

export const authFieldsText = i18n('account/fields', {
  displayName: 'Display name',
  /** Same words as the server's (MESSAGES.nameRequired). */
  nameRequired: 'Please enter a display name.',
  email: 'Email',
  password: 'Password',
  forgotPassword: 'Forgot password?',
  /** Form errors written by the web before anything is sent. */
  invalidEmail: 'Please enter a valid email address.',
  enterPassword: 'Please enter your password.',
});

export const emailHintText = i18n('account/email-hint', {
  rateLimited: 'We cannot check this email right now (too many lookups). You can still continue.',
  createAccount: 'Create an account',
  passwordOrGoogle: 'This email signs in with a password or with Google.',
  google: 'This email signs in with Google.',
  googleOff:
    'This email signs in with Google (not available right now). Reset the password to add one.',
  password: 'This email signs in with a password.',
  /** {how}: one of the lines above. */
  taken: params('That email already has an account. {how}'),
  signInInstead: 'Sign in instead',
});

export const googleButtonText = i18n('account/google', {
  opening: 'Opening Google…',
});

export const passwordInputText = i18n('account/password-input', {
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  showNew: 'Show new password',
  hideNew: 'Hide new password',
  showConfirmation: 'Show password confirmation',
  hideConfirmation: 'Hide password confirmation',
});

export const resetSentText = i18n('account/reset-sent', {
  /** {email} is the address in bold. */
  sent: 'If an account exists for {email}, we have sent it a link to choose a new password. The link works for one hour.',
  nothingThere: 'Nothing there? Check your spam folder, or send it again.',
  /** {outbox} is a link whose text is `outbox`. */
  devOutbox: 'Running Crowned without a mail server? The mail is in the {outbox}.',
  outbox: 'dev outbox',
  backToSignIn: 'Back to sign in',
  sendAgain: 'Send it again',
});

export const resetPasswordText = i18n('account/reset-password', {
  invalidDocTitle: 'Reset link not valid',
  invalidTitle: 'This reset link does not work',
  goToAccount: 'Go to your account',
  requestNew: 'Request a new link',
  backToSignIn: 'Back to sign in',
  invalidText:
    'It has expired (links work for one hour), was already used, or was copied only in part.',
  invalidSignedIn: 'You are signed in, so you can change your password on your account page.',
  invalidSignedOut: 'Request a new one and we will email you a fresh link.',
  title: 'Choose a new password',
  lede: 'You will sign in with it from now on.',
  newPassword: 'New password',
  confirm: 'Confirm new password',
  mismatch: 'The two passwords do not match.',
  saving: 'Saving…',
  save: 'Save new password',
});

export const accountPagesText = i18n('account/pages', {
  passwordResetNotice: 'Your password has been changed. Sign in with your new password.',
  passwordChanged: 'Password changed',
  gameDocTitle: 'Join the game',
  signInDocTitle: 'Sign in',
  gameTitle: 'Join the game',
  gateTitle: 'Sign in to continue',
  gameLede:
    'Play as a guest right away, or sign in so your rankings and crowns follow you to any device.',
  guestLede:
    'You are playing as a guest. Sign in or create an account to go on: your rankings come with you.',
  gateLede: 'This page needs an account. Creating one takes a few seconds.',
  joining: 'Joining as a guest…',
  continueAsGuest: 'Continue as guest',
  guestNote: 'Guests can play and see results. Create an account later and keep everything.',
  orSignIn: 'or sign in',
  continueWithGoogle: 'Continue with Google',
  continueWithEmail: 'Continue with email',
  outboxDocTitle: 'Dev outbox',
});

export const signedInText = i18n('account/signed-in', {
  docTitle: 'Account',
  /** {name} is the display name (isolated as <bdi>). */
  greeting: 'Hi, {name}',
  signingOut: 'Signing out…',
  signOut: 'Sign out',
  theme: 'Theme',
  displayName: 'Display name',
  displayNameLede: 'Shown on the games you create and next to your rankings.',
  saving: 'Saving…',
  save: 'Save',
  nameUpdated: 'Display name updated',
  methodsTitle: 'How you sign in',
  methodsLoading: 'Checking your sign-in methods…',
  methodsError: 'We could not load your sign-in methods just now.',
  emailAndPassword: 'Email and password',
  on: 'On',
  notSet: 'Not set',
  google: 'Google',
  linked: 'Linked',
  linkGoogle: 'Link Google',
  cancel: 'Cancel',
  changePassword: 'Change password',
  enterCurrent: 'Please enter your current password.',
  passwordChanged: 'Password changed. Other devices have been signed out.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  saveNewPassword: 'Save new password',
  /** {email} is the address in bold. */
  setPasswordSent: 'We have emailed {email} a link to set a password.',
  setPasswordOutbox: 'No mail server? See the dev outbox.',
  setPasswordLede: 'Want to sign in with a password too? We will email you a link to set one.',
  sending: 'Sending…',
  emailMeALink: 'Email me a link',
  confirmSent: 'Sent: open the link in the mail to confirm your email.',
  notConfirmed: 'Your email is not confirmed yet: we sent you a link when you signed up.',
  openOutbox: 'Open the dev outbox',
  sendAgain: 'Send the link again',
});

export const outboxText = i18n('account/outbox', {
  opening: 'Opening the dev outbox…',
  loadError: 'The dev outbox did not load',
  tryAgain: 'Try again',
  notLocalTitle: 'The dev outbox opens only on the server itself',
  offTitle: 'The dev outbox is off',
  goHome: 'Go home',
  notLocalText:
    "It holds password reset links, so it never answers through a proxy or to another computer. Open it in a browser on the machine running Crowned, at the server's own address (for example http://localhost:3000/dev/outbox).",
  /** {dev} and {flag} are shown as code: `npm run dev`, `DEV_OUTBOX=1`. */
  offText:
    'Mail from this server is not kept here: it goes to your inbox when the server has a mail server (SMTP_URL). On a development machine, {dev} (or starting the server with {flag}) keeps it here instead.',
  eyebrow: 'Development only',
  title: 'Dev outbox',
  /** {smtp} is `SMTP_URL` shown as code. */
  lede: 'This page exists only while Crowned runs without a mail server (no {smtp}). Mail it would have sent, such as password reset links, is kept here instead, newest first. Once {smtp} is set, mail goes out for real and this page is gone.',
  polling: 'Checks for new mail every few seconds.',
  messages: count({ one: '{count} message', many: '{count} messages' }),
  refreshing: 'Refreshing…',
  refresh: 'Refresh',
  emptyTitle: 'Nothing in the outbox yet',
  /** {forgot} is a link to the reset form, whose text is `forgotPassword`. */
  emptyText:
    'Mail shows up here a moment after Crowned sends it. To try it, use {forgot} on the sign-in page.',
  forgotPassword: 'Forgot password?',
  /** {to} is the recipient in bold, {time} when it was sent. */
  meta: 'To {to} · {time}',
  links: 'Links in this message',
  openLinkLabel: params('Open link from “{subject}” to {to}'),
  openLink: 'Open link',
  showMessage: 'Show the message',
});

/** /account/admin-claim: where the admin claim's mail lands (decision 0028). */
export const adminClaimPageText = i18n('account/admin-claim', {
  docTitle: 'Become an admin',
  title: 'Become an admin',
  /** {email} is the account's address, in bold. */
  question: 'Make the account {email} an admin of Crowned?',
  notYou:
    "If you did not ask for this, don't confirm: someone else knows this account's password. Reset it.",
  confirm: 'Make this account an admin',
  confirming: 'Confirming…',
  done: 'Done: this account is now an admin.',
  openAdmin: 'Open the admin app',
  signInFirst:
    'This link works only in the browser where you asked to become an admin, while that session lasts. Sign in again and we will mail you a new link.',
  signIn: 'Sign in',
  /** Without a link (issue 24 item 7): the steps to admin, what is done and what is next. */
  stepsIntro: 'Addresses on the admin list become admins in three steps:',
  signInToStart: 'Sign in with the address on the admin list to start.',
  checking: 'Checking what is missing…',
  stepsLabel: 'Steps to become an admin',
  stepDone: 'Done',
  stepNow: 'Next step',
  verifyTitle: 'Verify your email address',
  verifyText:
    'We mailed a confirmation link to {email} when you signed up. Open it in this browser, then check again here.',
  verifyResend: 'Send the confirmation mail again',
  verifySent: 'Sent. Open the newest mail, then check again here.',
  checkAgain: 'Check again',
  freshTitle: 'Sign in again',
  freshText:
    'For safety, becoming an admin needs a sign-in made after your address was verified. Sign out, then sign in with the same account.',
  freshButton: 'Sign out and sign in again',
  mailTitle: 'Open the link we mail you',
  mailSent:
    'We sent a confirmation link to {email}. Open it in this browser, signed in to this account, within 30 minutes.',
  mailWaiting:
    'A confirmation link is waiting in your inbox. Open it in this browser, signed in to this account, within 30 minutes.',
  mailLater: 'Then we mail you a link to confirm, valid for 30 minutes.',
  alreadyAdmin: 'This account is an admin.',
  notListed:
    'This account cannot become an admin: its address is not on the admin list of this Crowned server.',
  unavailable: 'We could not check right now. Try again in a moment.',
});
