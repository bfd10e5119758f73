import { describe, expect, it } from 'vitest';
import type { Logger } from '../platform/log';
import { createMailer, passwordResetMail, verificationMail } from './mailer';

function recordingLog(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string, extra?: unknown) =>
    lines.push(`${level} ${message}${extra === undefined ? '' : ` ${JSON.stringify(extra)}`}`);
  return {
    log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
    lines,
  };
}

const TOKEN = 'secret-token-abc123';
const mails = [
  passwordResetMail(
    'dana@example.test',
    'Dana',
    `http://localhost:3000/api/auth/reset-password/${TOKEN}`,
  ),
  verificationMail(
    'dana@example.test',
    'Dana',
    `http://localhost:3000/api/auth/verify-email?token=${TOKEN}`,
  ),
];

describe('createMailer', () => {
  it('keeps mail in the dev outbox and logs only the address and subject', async () => {
    const { log, lines } = recordingLog();
    const mailer = createMailer({ from: 'Crowned <x@y>', log, devOutbox: true });
    for (const mail of mails) await mailer.send(mail);
    expect(mailer.transport).toBe('outbox');
    expect(mailer.outbox?.list()).toHaveLength(2);
    expect(mailer.outbox?.list()[0]?.links[0]).toContain(TOKEN);
    expect(lines).toEqual(
      [
        'info mail to dana@example.test: Confirm your email for Crowned (kept in the dev outbox)',
        'info mail to dana@example.test: Reset your Crowned password (kept in the dev outbox)',
      ].reverse(),
    );
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('without SMTP or outbox: warns once how to enable mail, delivers nothing, logs no link', async () => {
    const { log, lines } = recordingLog();
    const mailer = createMailer({ from: 'Crowned <x@y>', log, devOutbox: false });
    expect(mailer.outbox).toBeUndefined();
    expect(mailer.transport).toBe('none');
    for (const mail of [...mails, ...mails]) await mailer.send(mail);
    const warnings = lines.filter((line) => line.startsWith('warn'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/SMTP_URL/);
    expect(warnings[0]).toMatch(/DEV_OUTBOX=1/);
    expect(lines).toContain(
      'info mail to dana@example.test: Reset your Crowned password (not delivered: no SMTP_URL)',
    );
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});
