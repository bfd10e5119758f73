/** The words of the pieces any screen uses: copy and share buttons, dialogs, loading, lists. */
import { i18n } from '../i18n';

export const copyLinkText = i18n('ui/copy-link', {
  copyLink: 'Copy link',
  copied: 'Copied',
  linkCopied: 'Link copied',
  /** The browser's prompt when nothing could copy the link. */
  prompt: 'Copy this link:',
});

export const shareText = i18n('ui/share', {
  share: 'Share',
  failed: 'Sharing did not work here. Copy the link from the address bar instead.',
});

export const dialogText = i18n('ui/dialog', {
  close: 'Close',
});

export const loadingText = i18n('ui/loading', {
  loading: 'Loading…',
});

export const listStatesText = i18n('ui/list-states', {
  retry: 'Retry',
  loading: 'Loading…',
  loadMore: 'Load more',
});
