/**
 * The play page's first paint, drawn by the server (decision 0075): on a shared link's first visit
 * (no session cookie) to `/g/:idOrSlug/play` of an open full ranking, the HTML shell's `#root`
 * carries the page as the web app's first render draws it (the frame, the game's head, the help
 * line, the name field, the list, the submit bar, the bottom navigation), so that the browser
 * paints it as soon as the HTML and CSS are in, instead of after the app's JavaScript has
 * downloaded and run. It is a picture of the page: `inert` (no focus, no clicks, not in the
 * accessibility tree), without ids, test ids or a `<main>` (no test or script mistakes it for the
 * app's); the app replaces it whole at its first render (src/web/main.tsx waits for the page's
 * code so that its first render is this page).
 *
 * Its words and classes are the web app's (src/web/play/play-page.tsx, game/rank-row.tsx,
 * shell/frame/header.tsx and bottom-nav.tsx, their i18n catalogs): e2e/first-paint.spec.ts
 * compares this picture with the app's page, box by box, so that the two cannot drift apart
 * unseen. What only the browser knows (the theme choice's icon, a system share sheet) is written
 * both ways, each marked `data-when`; index.html's inline script keeps the one that applies. Pure.
 */
import type { GameView } from '../../domain/game';
import { escapeHtml } from './preview-tags';

type Icon = { name: string; body: string };

/** lucide-react's icons, as it draws them (the version in package-lock.json). */
const ICONS = {
  crown: {
    name: 'crown',
    body: '<path d="M11.562 3.266a.5.5 0 0 1 .876 0L15.39 8.87a1 1 0 0 0 1.516.294L21.183 5.5a.5.5 0 0 1 .798.519l-2.834 10.246a1 1 0 0 1-.956.734H5.81a1 1 0 0 1-.957-.734L2.02 6.02a.5.5 0 0 1 .798-.519l4.276 3.664a1 1 0 0 0 1.516-.294z"></path><path d="M5 21h14"></path>',
  },
  monitor: {
    name: 'monitor',
    body: '<rect width="20" height="14" x="2" y="3" rx="2"></rect><line x1="8" x2="16" y1="21" y2="21"></line><line x1="12" x2="12" y1="17" y2="21"></line>',
  },
  sun: {
    name: 'sun',
    body: '<circle cx="12" cy="12" r="4"></circle><path d="M12 2v2"></path><path d="M12 20v2"></path><path d="m4.93 4.93 1.41 1.41"></path><path d="m17.66 17.66 1.41 1.41"></path><path d="M2 12h2"></path><path d="M20 12h2"></path><path d="m6.34 17.66-1.41 1.41"></path><path d="m19.07 4.93-1.41 1.41"></path>',
  },
  moon: {
    name: 'moon',
    body: '<path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401"></path>',
  },
  users: {
    name: 'users',
    body: '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"></path><path d="M16 3.128a4 4 0 0 1 0 7.744"></path><path d="M22 21v-2a4 4 0 0 0-3-3.87"></path><circle cx="9" cy="7" r="4"></circle>',
  },
  link: {
    name: 'link',
    body: '<path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71"></path><path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"></path>',
  },
  share: {
    name: 'share-2',
    body: '<circle cx="18" cy="5" r="3"></circle><circle cx="6" cy="12" r="3"></circle><circle cx="18" cy="19" r="3"></circle><line x1="8.59" x2="15.42" y1="13.51" y2="17.49"></line><line x1="15.41" x2="8.59" y1="6.51" y2="10.49"></line>',
  },
  grip: {
    name: 'grip-vertical',
    body: '<circle cx="9" cy="12" r="1"></circle><circle cx="9" cy="5" r="1"></circle><circle cx="9" cy="19" r="1"></circle><circle cx="15" cy="12" r="1"></circle><circle cx="15" cy="5" r="1"></circle><circle cx="15" cy="19" r="1"></circle>',
  },
  up: { name: 'chevron-up', body: '<path d="m18 15-6-6-6 6"></path>' },
  down: { name: 'chevron-down', body: '<path d="m6 9 6 6 6-6"></path>' },
  globe: {
    name: 'globe',
    body: '<circle cx="12" cy="12" r="10"></circle><path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20"></path><path d="M2 12h20"></path>',
  },
  plus: { name: 'plus', body: '<path d="M5 12h14"></path><path d="M12 5v14"></path>' },
  listOrdered: {
    name: 'list-ordered',
    body: '<path d="M11 5h10"></path><path d="M11 12h10"></path><path d="M11 19h10"></path><path d="M4 4h1v5"></path><path d="M4 9h2"></path><path d="M6.5 20H3.4c0-1 2.6-1.925 2.6-3.5a1.5 1.5 0 0 0-2.6-1.02"></path>',
  },
} satisfies Record<string, Icon>;

function svg(icon: Icon, size: number, strokeWidth = 2): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" ` +
    `fill="none" stroke="currentColor" stroke-width="${strokeWidth}" stroke-linecap="round" ` +
    `stroke-linejoin="round" class="lucide lucide-${icon.name}" aria-hidden="true">${icon.body}</svg>`
  );
}

/** Whether the server draws this game's play page: an open full ranking, results not locked, no pictures. */
export function drawsFirstPaint(game: GameView): boolean {
  return (
    game.ballot.kind === 'ranking' &&
    !game.closed &&
    game.unlock === null &&
    !game.isOwner &&
    game.items.every((item) => !item.image)
  );
}

/** "8 rankings so far", as the web app counts (en: Intl's grouping). */
function rankings(count: number): string {
  const number = new Intl.NumberFormat('en').format(count);
  return count === 1 ? `${number} ranking so far` : `${number} rankings so far`;
}

function header(): string {
  const toggle = (when: string, icon: Icon) =>
    `<button type="button" class="btn btn-header theme-toggle" data-when="${when}">${svg(icon, 18)}</button>`;
  return (
    '<header class="site-header"><div class="site-header__inner">' +
    `<a class="logo" href="/"><span class="logo__mark">${svg(ICONS.crown, 22, 2.25)}</span>` +
    '<span class="logo__word">Crowned</span></a>' +
    '<nav class="site-header__actions">' +
    toggle('system', ICONS.monitor) +
    toggle('light', ICONS.sun) +
    toggle('dark', ICONS.moon) +
    // The viewer is "loading" at the app's first render (the session request is on its way).
    '<span class="header-placeholder"></span>' +
    '</nav></div></header>'
  );
}

function row(label: string, index: number, total: number): string {
  const first = index === 0;
  const last = index === total - 1;
  return (
    `<li class="rank-row${first ? ' rank-row--first' : ''}">` +
    `<button type="button" class="rank-row__handle">${svg(ICONS.grip, 20)}</button>` +
    `<span class="rank-row__position">${index + 1}</span>` +
    `<button type="button" class="rank-row__pick"><span class="rank-row__label" dir="auto">${escapeHtml(label)}</span></button>` +
    '<span class="rank-row__moves">' +
    `<button type="button" class="rank-row__move" aria-disabled="${first}">${svg(ICONS.up, 20)}</button>` +
    `<button type="button" class="rank-row__move" aria-disabled="${last}">${svg(ICONS.down, 20)}</button>` +
    '</span></li>'
  );
}

function page(game: GameView, submissionCount: number): string {
  const share = (when: string, icon: Icon, text: string) =>
    `<button type="button" class="btn btn-secondary" data-when="${when}">${svg(icon, 18)}${text}</button>`;
  const emoji = game.emoji ? `<span>${escapeHtml(game.emoji)} </span>` : '';
  return (
    '<div class="play"><header class="game-head"><div class="game-head__text">' +
    `<p class="eyebrow">${emoji}Rank by <bdi>${escapeHtml(game.ownerName)}</bdi></p>` +
    '<div class="clamped-title"><h1 class="game-head__title clamped-title__text" dir="auto">' +
    `${escapeHtml(game.prompt)}</h1></div>` +
    `<p class="game-head__meta">${svg(ICONS.users, 16)}<span>${rankings(submissionCount)}</span></p>` +
    '</div><div class="game-head__actions">' +
    share('share', ICONS.share, 'Share') +
    share('copy', ICONS.link, 'Copy link') +
    '</div></header>' +
    '<form class="play-form"><div class="play-form__help-row">' +
    '<p class="play-form__help"><strong>Best at the top.</strong> <span class="play-form__how">' +
    'Drag the handles, use the arrows, or tap an item and then tap where it goes.</span></p>' +
    '<div class="play-form__name"><label>Your name <span class="visually-hidden">(optional)</span></label>' +
    '<input class="input" type="text" placeholder="Anonymous" value=""></div>' +
    '<div class="progress-note__status"></div></div>' +
    `<ol class="rank-list">${game.items.map((item, i, all) => row(item.label, i, all.length)).join('')}</ol>` +
    '<div class="visually-hidden"></div>' +
    '<div class="submit-bar"><div class="offline-status"></div><div class="form-error"></div>' +
    '<div class="submit-bar__hint"></div>' +
    `<button type="submit" class="btn btn-gold btn-lg btn-block">${svg(ICONS.crown, 20)}Submit ranking</button>` +
    '</div></form></div>'
  );
}

function bottomNav(): string {
  return (
    '<nav class="bottom-nav" data-state="visible"><div class="bottom-nav__inner">' +
    `<a class="bottom-nav__link" href="/community">${svg(ICONS.globe, 22)}<span>Community</span></a>` +
    `<a class="bottom-nav__create" href="/create">${svg(ICONS.plus, 28, 2.75)}</a>` +
    `<a class="bottom-nav__link" href="/myranks">${svg(ICONS.listOrdered, 22)}<span>My Ranks</span></a>` +
    '</div></nav>'
  );
}

/** The play page's first paint: the app's frame around the page, inert. */
export function playFirstPaint(read: { game: GameView; submissionCount: number }): string {
  return (
    '<div class="app app--with-nav" data-first-paint inert>' +
    '<a class="skip-link" href="#main">Skip to content</a>' +
    header() +
    `<div class="main">${page(read.game, read.submissionCount)}</div>` +
    bottomNav() +
    '</div>'
  );
}

/** `html` (the app's index.html) with `drawn` in its empty `#root`. */
export function injectRoot(html: string, drawn: string): string {
  return html.replace('<div id="root"></div>', () => `<div id="root">${drawn}</div>`);
}
