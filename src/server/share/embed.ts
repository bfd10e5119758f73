/**
 * The embeddable card, `/embed/g/:id`: a game's prompt, its top five (or why they are not shown)
 * and its player count, for an iframe on someone else's site. Server-rendered HTML with one small
 * script (EMBED_SCRIPT, served from /embed/embed.js) that refreshes the card every 10 s from the
 * public card endpoint, without cookies. Read-only: nothing on it acts for the viewer. A leader
 * with a picture shows its thumbnail from our own `/img/` (the frame's document is ours, so the
 * address is same-origin and the embed's CSP, `img-src 'self'`, allows it; a hidden picture is
 * named by its hidden address, answered with the placeholder).
 */
import type { Context } from 'hono';
import { playersText, type PublicCard } from '../../domain/card';
import { allowFraming } from '../http/security-headers';
import { escapeHtml } from './preview-tags';

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --text: #1d1533; --muted: #5b5275;
  --border: #e2dbf1; --accent: #3d2590; --gold: #8a5a00; --row: #f6f3ff; }
@media (prefers-color-scheme: dark) { :root { --bg: #1b1236; --text: #f4f0ff; --muted: #cfc6ee;
  --border: #3a2b6b; --accent: #d9ccff; --gold: #ffd966; --row: #261a4a; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  background: var(--bg); color: var(--text); }
.card { display: grid; gap: 10px; max-width: 600px; min-width: 0; padding: 16px;
  border: 1px solid var(--border); border-radius: 14px; }
.brand { display: flex; align-items: center; gap: 6px; margin: 0; color: var(--gold);
  font-weight: 800; font-size: 13px; letter-spacing: .04em; }
h1 { margin: 0; font-size: 20px; line-height: 1.25; overflow-wrap: anywhere; }
.meta, .note { margin: 0; color: var(--muted); font-size: 13px; }
ol { display: grid; gap: 6px; margin: 0; padding: 0; list-style: none; }
li { display: flex; align-items: center; gap: 10px; padding: 8px 10px; border-radius: 10px;
  background: var(--row); min-width: 0; }
.place { flex: none; width: 26px; height: 26px; border-radius: 50%; display: grid;
  place-items: center; font-weight: 800; font-size: 13px; background: var(--border); }
li:first-child .place { background: #f5c33b; color: #221449; }
.label { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  font-weight: 600; }
.thumb { flex: none; width: 40px; height: 40px; border-radius: 8px; object-fit: cover;
  background: var(--border); }
span.thumb { background: none; }
.share { flex: none; color: var(--muted); font-size: 12px; font-variant-numeric: tabular-nums; }
.play { justify-self: start; padding: 8px 14px; border-radius: 999px; background: var(--accent);
  color: var(--bg); font-weight: 700; text-decoration: none; }
.play:focus-visible { outline: 3px solid var(--gold); outline-offset: 2px; }
`;

function leadersHtml(card: PublicCard): string {
  if (!card.leaders) {
    const note = card.locked
      ? 'Results are revealed when the game closes.'
      : 'No rankings yet. Be the first!';
    return `<p class="note" data-note>${note}</p>`;
  }
  // Labels stay in line when some leaders have a picture and others not.
  const pictured = card.leaders.some((leader) => leader.image);
  const rows = card.leaders
    .map((leader) => {
      const picture = leader.image
        ? `<img class="thumb" src="${escapeHtml(leader.image.thumbUrl)}" alt="${escapeHtml(leader.image.alt)}" width="40" height="40" loading="lazy" decoding="async" />`
        : pictured
          ? '<span class="thumb" aria-hidden="true"></span>'
          : '';
      return `<li><span class="place" aria-hidden="true">${leader.tied ? '=' : ''}${leader.place}</span>${picture}<span class="label" dir="auto">${escapeHtml(leader.label)}</span><span class="share">${escapeHtml(leader.note)}</span></li>`;
    })
    .join('');
  return `<ol aria-label="Top of the crowd's ranking">${rows}</ol>`;
}

/** The brand's crown, drawn (an emoji depends on the reader's fonts). */
const CROWN = `<svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="currentColor"><path d="M2 7l5 4 5-7 5 7 5-4-2 12H4z"/><rect x="4" y="20" width="16" height="2"/></svg>`;

export function embedPage(card: PublicCard | null, origin: string): string {
  const body = card
    ? `<main class="card" data-game="${escapeHtml(card.id)}" aria-live="polite">
  <p class="brand">${CROWN} CROWNED</p>
  <h1 dir="auto">${escapeHtml(card.prompt)}</h1>
  <p class="meta" data-meta>${playersText(card.players)}${card.closed ? ' · closed' : ' · live'}</p>
  <div data-leaders>${leadersHtml(card)}</div>
  <a class="play" href="${escapeHtml(`${origin}/g/${encodeURIComponent(card.id)}`)}" target="_blank" rel="noopener">${card.closed ? 'See it on Crowned' : 'Play on Crowned'}</a>
</main>
<script src="/embed/embed.js" defer></script>`
    : `<main class="card"><p class="brand">${CROWN} CROWNED</p><h1>This rank does not exist</h1>
  <p class="note">It may have been deleted.</p></main>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${card ? `${escapeHtml(card.prompt)} · Crowned` : 'Crowned'}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The embed card's answer (404 for a game that does not exist): the one response any site may
 * frame (http/security-headers.ts). Static HTML from the public card only: no session is read,
 * no cookie set, nothing on it acts for the viewer.
 */
export function embedResponse(c: Context, card: PublicCard | null, origin: string): Response {
  allowFraming(c);
  return c.html(embedPage(card, origin), card ? 200 : 404);
}

/**
 * Refreshes the card every 10 s while the page is visible. Text only (textContent and
 * attributes), no HTML from the network; no cookies sent. A picture already shown is kept (the
 * same element, moved to its leader's new row), so a refresh never makes pictures flicker.
 */
export const EMBED_SCRIPT = `(() => {
  const card = document.querySelector('[data-game]');
  if (!card) return;
  const id = card.getAttribute('data-game');
  const meta = card.querySelector('[data-meta]');
  const slot = card.querySelector('[data-leaders]');
  const players = (n) => (n === 1 ? '1 player' : n + ' players');
  function picture(image, shown) {
    let img = shown.get(image.thumbUrl);
    if (!img) {
      img = document.createElement('img');
      img.className = 'thumb';
      img.width = 40;
      img.height = 40;
      img.loading = 'lazy';
      img.decoding = 'async';
      img.src = image.thumbUrl;
    }
    shown.delete(image.thumbUrl);
    img.alt = image.alt;
    return img;
  }
  function render(data) {
    meta.textContent = players(data.players) + (data.closed ? ' · closed' : ' · live');
    const shown = new Map();
    slot.querySelectorAll('img.thumb').forEach((img) => shown.set(img.getAttribute('src'), img));
    slot.replaceChildren();
    if (!data.leaders) {
      const note = document.createElement('p');
      note.className = 'note';
      note.textContent = data.locked
        ? 'Results are revealed when the game closes.'
        : 'No rankings yet. Be the first!';
      slot.append(note);
      return;
    }
    const list = document.createElement('ol');
    list.setAttribute('aria-label', "Top of the crowd's ranking");
    const pictured = data.leaders.some((leader) => leader.image);
    data.leaders.forEach((leader) => {
      const row = document.createElement('li');
      const place = document.createElement('span');
      place.className = 'place';
      place.setAttribute('aria-hidden', 'true');
      place.textContent = (leader.tied ? '=' : '') + leader.place;
      const label = document.createElement('span');
      label.className = 'label';
      label.dir = 'auto';
      label.textContent = leader.label;
      const share = document.createElement('span');
      share.className = 'share';
      share.textContent = leader.note;
      row.append(place);
      if (leader.image) row.append(picture(leader.image, shown));
      else if (pictured) {
        const gap = document.createElement('span');
        gap.className = 'thumb';
        gap.setAttribute('aria-hidden', 'true');
        row.append(gap);
      }
      row.append(label, share);
      list.append(row);
    });
    slot.append(list);
  }
  async function refresh() {
    if (document.hidden) return;
    try {
      const response = await fetch('/api/games/' + encodeURIComponent(id) + '/card', {
        credentials: 'omit',
        headers: { accept: 'application/json' },
      });
      if (response.ok) render((await response.json()).card);
    } catch {
      // Offline for a moment: the next refresh tries again.
    }
  }
  setInterval(refresh, 10000);
  document.addEventListener('visibilitychange', refresh);
})();
`;
