/** The shell's words: header, navigation, boot, onboarding, error and empty states. */
export default {
  header: {
    home: 'Crowned home',
    account: 'Account',
    admin: 'Admin',
    signIn: 'Sign In',
    yourProfile: 'Your profile',
    level: 'Lv. {{level}}',
    crowns_one: ' crown',
    crowns_other: ' crowns',
  },
  theme: {
    system: 'System',
    light: 'Light',
    dark: 'Dark',
    toggleLabel: 'Theme: {{current}}. Switch to {{next}}',
    toggleTitle: 'Theme: {{current}} (switch to {{next}})',
  },
  nav: {
    label: 'Main',
    community: 'Community',
    create: 'Create',
    createTitle: 'Create a rank',
    myRanks: 'My Ranks',
  },
  boot: {
    title: 'Loading…',
    text: 'Initializing your session.',
  },
  gate: {
    signingIn: 'Signing you in…',
    checking: 'Checking your session…',
  },
  notFound: {
    title: 'Not found',
    text: 'There is nothing at <path>{{path}}</path>.',
  },
  gameError: {
    notFoundTitle: 'Game not found',
    notFoundText: "This link doesn't lead to a rank. It may have been mistyped or deleted.",
    loadTitle: "Couldn't load this game",
  },
  routeError: {
    title: 'Something went wrong',
    text: 'This page ran into a problem. Reloading usually fixes it.',
  },
  onboarding: {
    step: 'Step {{step}} of {{total}}',
    skip: 'Skip',
    back: 'Back',
    next: 'Next',
    getStarted: 'Get started',
    tryDemo: 'Try demo',
    demoNote: '— rank the best pizza toppings, no account needed.',
    slides: {
      create: {
        title: 'Create & Share',
        text: 'Write a prompt, add at least 3 things to rank, and send the link to your friends.',
      },
      drag: {
        title: 'Drag & Drop',
        text: 'Everyone drags the items into their own order: by touch, with a mouse or with the keyboard.',
      },
      results: {
        title: 'Show Results',
        text: "See the crowd's combined ranking, live, and how close your order came to everyone else's.",
      },
    },
  },
};
