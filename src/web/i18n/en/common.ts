/** Words every screen uses. */
export default {
  brand: 'Crowned',
  pageTitle: '{{title}} · Crowned',
  goHome: 'Go home',
  tryAgain: 'Try again',
  reload: 'Reload',
  cancel: 'Cancel',
  close: 'Close',
};
