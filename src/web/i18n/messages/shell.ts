/** The shell's words: header, navigation, boot, gates, onboarding, error and Not found cards. */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const headerText = i18n('shell/header', {
  home: 'Crowned home',
  account: 'Account',
  admin: 'Admin',
  signIn: 'Sign In',
  yourProfile: 'Your profile',
  level: params('Lv. {level}'),
  crowns: count({ one: ' crown', many: ' crowns' }),
  /** Beside the last known account's name while offline (issue 24 item 10). */
  offline: 'offline',
});

export const appShellText = i18n('shell/app', {
  skipToContent: 'Skip to content',
});

export const themeText = i18n('shell/theme', {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
  toggleLabel: params('Theme: {current}. Switch to {next}'),
  toggleTitle: params('Theme: {current} (switch to {next})'),
});

export const navText = i18n('shell/nav', {
  label: 'Main',
  community: 'Community',
  create: 'Create',
  createTitle: 'Create a rank',
  myRanks: 'My Ranks',
});

export const bootText = i18n('shell/boot', {
  title: 'Loading…',
  text: 'Initializing your session.',
  signingIn: 'Signing you in…',
  checking: 'Checking your session…',
});

export const errorText = i18n('shell/errors', {
  notFoundTitle: 'Not found',
  /** {path} is shown as code. */
  notFoundText: 'There is nothing at {path}.',
  gameNotFoundTitle: 'Game not found',
  gameNotFoundText: "This link doesn't lead to a rank. It may have been mistyped or deleted.",
  gameLoadTitle: "Couldn't load this game",
  crashTitle: 'Something went wrong',
  crashText: 'This page ran into a problem. Reloading usually fixes it.',
});

export const onboardingText = i18n('shell/onboarding', {
  step: params('Step {step} of {total}'),
  skip: 'Skip',
  back: 'Back',
  next: 'Next',
  getStarted: 'Get started',
  tryDemo: 'Try demo',
  demoNote: '— rank the best pizza toppings, no account needed.',
  createTitle: 'Create & Share',
  createText: 'Write a prompt, add at least 3 things to rank, and send the link to your friends.',
  dragTitle: 'Drag & Drop',
  dragText:
    'Everyone drags the items into their own order: by touch, with a mouse or with the keyboard.',
  resultsTitle: 'Show Results',
  resultsText:
    "See the crowd's combined ranking, live, and how close your order came to everyone else's.",
});
