/**
 * What each notification says: a mail (text and HTML parts, the app's colours, dark-mode
 * friendly), the same as a push message, and the small pages of the unsubscribe link. Every mail
 * carries a one-click unsubscribe (RFC 8058: `List-Unsubscribe` and `List-Unsubscribe-Post`).
 */
import { playsSubject, type NotificationKind } from '../../domain/notifications';
import type { Mail } from '../auth/public';
import type { GameSummary } from './facts';
import type { PushMessage } from './push';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  body { margin: 0; padding: 24px 12px; background: #f7f4fc; color: #1d1533;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5; }
  .card { max-width: 520px; margin: 0 auto; background: #ffffff; border-radius: 16px;
    padding: 24px; border: 1px solid #e4dcf7; }
  h1 { font-size: 20px; margin: 0 0 12px; }
  .brand { color: #5234c2; font-weight: 700; letter-spacing: .02em; margin: 0 0 16px; }
  a.button, button { display: inline-block; background: #5234c2; color: #ffffff !important;
    padding: 10px 18px; border-radius: 999px; text-decoration: none; font-weight: 600;
    border: 0; font-size: 16px; cursor: pointer; }
  ol { padding-left: 22px; } .muted { color: #5b5275; font-size: 13px; }
  .muted a { color: #5b5275; }
  @media (prefers-color-scheme: dark) {
    body { background: #120b26 !important; color: #f1edfb !important; }
    .card { background: #1c1436 !important; border-color: #33295a !important; }
    .brand { color: #b7a6f5 !important; } .muted, .muted a { color: #c2b8e0 !important; }
  }`;

function layout(title: string, body: string, footer = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="card"><p class="brand">👑 Crowned</p>${body}${footer}</div></body></html>`;
}

/** A small page of the unsubscribe link (no app, no script). */
export function page(title: string, body: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>${body}`);
}

export type Message = {
  subject: string;
  /** Lines of the text part (and paragraphs of the HTML one). */
  lines: string[];
  /** A ranking to show (crowd order). */
  ranking?: string[];
  action: { label: string; url: string };
};

/** What `kind` says about `game`; `plays`: the people folded into this digest. */
export function messageOf(
  kind: NotificationKind,
  game: GameSummary,
  resultsUrl: string,
  plays: number,
): Message {
  const action = { label: 'See the results', url: resultsUrl };
  const leader = game.leader ? `The crowd’s favourite so far: ${game.leader}.` : '';
  if (kind === 'plays') {
    return {
      subject: playsSubject(plays, game.prompt),
      lines: [
        `${playsSubject(plays, game.prompt)}.`,
        `${game.submissions} ${game.submissions === 1 ? 'ranking' : 'rankings'} in all.`,
        leader,
      ].filter(Boolean),
      action,
    };
  }
  if (kind === 'closed') {
    return {
      subject: `Your rank closed: ${game.prompt}`,
      lines: [
        `“${game.prompt}” closed with ${game.submissions} ${game.submissions === 1 ? 'ranking' : 'rankings'}. The final crowd ranking:`,
      ],
      ranking: game.crowd,
      action,
    };
  }
  const agreement =
    game.agreement === null ? '' : `You agreed with the crowd ${Math.round(game.agreement)}%.`;
  return {
    subject: `Results unlocked: ${game.prompt}`,
    lines: [
      `The results of “${game.prompt}” are unlocked.`,
      agreement,
      game.leader ? `The crowd’s winner: ${game.leader}.` : '',
    ].filter(Boolean),
    action,
  };
}

/** The mail of `message` to `to`, with its one-click unsubscribe link. */
export function mailOf(to: string, message: Message, unsubscribeUrl: string): Mail {
  const ranking = message.ranking ?? [];
  const text = [
    ...message.lines,
    ...(ranking.length > 0 ? ['', ...ranking.map((label, i) => `${i + 1}. ${label}`)] : []),
    '',
    `${message.action.label}: ${message.action.url}`,
    '',
    `Unsubscribe: ${unsubscribeUrl}`,
    '',
  ].join('\n');
  const list =
    ranking.length > 0
      ? `<ol>${ranking.map((label) => `<li>${escapeHtml(label)}</li>`).join('')}</ol>`
      : '';
  const html = layout(
    message.subject,
    `<h1>${escapeHtml(message.subject)}</h1>${message.lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}${list}<p><a class="button" href="${escapeHtml(message.action.url)}">${escapeHtml(
      message.action.label,
    )}</a></p>`,
    `<p class="muted">You get this because of your Crowned notification settings. <a href="${escapeHtml(
      unsubscribeUrl,
    )}">Unsubscribe</a></p>`,
  );
  return {
    to,
    subject: message.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function pushOf(kind: NotificationKind, gameId: string, message: Message): PushMessage {
  return {
    title: message.subject,
    body: message.lines.join(' '),
    url: message.action.url,
    tag: `${kind}:${gameId}`,
  };
}
