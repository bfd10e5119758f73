/**
 * What each notification says: a mail (text and HTML parts, the app's colours, dark-mode
 * friendly), the same as a push message, and the small pages of the unsubscribe link. Every mail
 * carries a one-click unsubscribe (RFC 8058: `List-Unsubscribe` and `List-Unsubscribe-Post`).
 */
import { dailySubject, playsSubject, type NotificationKind } from '../../domain/notifications';
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
  .section { border-top: 1px solid #e4dcf7; padding-top: 4px; } .section a { color: #5234c2; }
  .muted a { color: #5b5275; }
  @media (prefers-color-scheme: dark) {
    body { background: #120b26 !important; color: #f1edfb !important; }
    .card { background: #1c1436 !important; border-color: #33295a !important; }
    .section { border-color: #33295a !important; } .section a { color: #b7a6f5 !important; }
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
  /** Several ranks, each with its lines and its own link (a daily digest). */
  sections?: { lines: string[]; link: { label: string; url: string } }[];
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

/** One rank in a daily digest: its summary, the plays told of, its results page. */
export type DailyEntry = { game: GameSummary; plays: number; url: string };

/** A creator's daily digest: each rank with new plays (its plays and leader), most played first. */
export function dailyMessageOf(entries: readonly DailyEntry[], myRanksUrl: string): Message {
  const sections = entries.map(({ game, plays, url }) => ({
    lines: [
      `${playsSubject(plays, game.prompt)}.`,
      game.leader ? `The crowd’s favourite so far: ${game.leader}.` : '',
    ].filter(Boolean),
    link: { label: 'See the results', url },
  }));
  const subject = dailySubject(entries.map(({ game, plays }) => ({ plays, prompt: game.prompt })));
  return {
    subject,
    lines: [`${subject} today.`],
    sections,
    action: { label: 'See your ranks', url: myRanksUrl },
  };
}

/** The mail of `message` to `to`, with its one-click unsubscribe link. */
export function mailOf(to: string, message: Message, unsubscribeUrl: string): Mail {
  const ranking = message.ranking ?? [];
  const sections = message.sections ?? [];
  const text = [
    ...message.lines,
    ...(ranking.length > 0 ? ['', ...ranking.map((label, i) => `${i + 1}. ${label}`)] : []),
    ...sections.flatMap((section) => [
      '',
      ...section.lines,
      `${section.link.label}: ${section.link.url}`,
    ]),
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
  const blocks = sections
    .map(
      (section) =>
        `<div class="section">${section.lines
          .map((line) => `<p>${escapeHtml(line)}</p>`)
          .join('')}<p><a href="${escapeHtml(section.link.url)}">${escapeHtml(
          section.link.label,
        )}</a></p></div>`,
    )
    .join('');
  const html = layout(
    message.subject,
    `<h1>${escapeHtml(message.subject)}</h1>${message.lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join(
        '',
      )}${list}${blocks}<p><a class="button" href="${escapeHtml(message.action.url)}">${escapeHtml(
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

/** The push of `message`; `tag`: a later push with the same replaces it (e.g. `closed:<game>`). */
export function pushOf(message: Message, tag: string): PushMessage {
  const sections = (message.sections ?? []).flatMap((section) => section.lines);
  return {
    title: message.subject,
    body: [...message.lines, ...sections].join(' '),
    url: message.action.url,
    tag,
  };
}
