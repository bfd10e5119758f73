/**
 * Outgoing mail: over SMTP_URL with nodemailer, or, without it and with DEV_OUTBOX=1, into a dev
 * outbox readable at /dev/outbox from this machine, so that a password reset works on a laptop.
 * Otherwise mail is not delivered. Only the address and subject are ever logged.
 */
import nodemailer from 'nodemailer';
import { newId } from '../platform/ids';
import type { Logger } from '../platform/log';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (notifications' List-Unsubscribe). */
  headers?: Record<string, string>;
};
export type OutboxMessage = Mail & { id: string; at: number; links: string[] };

export type Mailer = {
  /** How mail leaves: over SMTP, kept in the dev outbox, or not at all (neither is configured). */
  transport: 'smtp' | 'outbox' | 'none';
  send(mail: Mail): Promise<void>;
  /** Present only when mail is kept locally instead of sent. */
  outbox?: DevOutbox;
};

const OUTBOX_SIZE = 50;

export class DevOutbox {
  private readonly messages: OutboxMessage[] = [];

  add(mail: Mail): OutboxMessage {
    const message = { ...mail, id: newId(12), at: Date.now(), links: linksIn(mail.text) };
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, OUTBOX_SIZE);
    return message;
  }

  /** Newest first. */
  list(): OutboxMessage[] {
    return [...this.messages];
  }
}

function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0]);
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: Logger;
  /**
   * Without SMTP: keep mail in a dev outbox (DEV_OUTBOX=1: development, tests), or deliver
   * nothing and say once how to fix that. Ignored when SMTP_URL is set.
   */
  devOutbox: boolean;
}): Mailer {
  // The log never holds a mail's body: reset and verification links are credentials.
  const noted = (mail: Mail) => `mail to ${mail.to}: ${mail.subject}`;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info(`${noted(mail)} (sent)`);
      },
    };
  }
  if (!options.devOutbox) {
    // Once, at start-up.
    options.log.warn(
      'Mail (password resets, address verification) is not delivered: set SMTP_URL ' +
        '(smtp://user:pass@host:587) to send it, or, on a development machine, DEV_OUTBOX=1 ' +
        'to read it at /dev/outbox',
    );
    return {
      transport: 'none',
      async send(mail) {
        options.log.info(`${noted(mail)} (not delivered: no SMTP_URL)`);
      },
    };
  }
  const outbox = new DevOutbox();
  return {
    transport: 'outbox',
    outbox,
    async send(mail) {
      outbox.add(mail);
      options.log.info(`${noted(mail)} (kept in the dev outbox)`);
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The password reset mail. */
export function passwordResetMail(to: string, name: string, url: string): Mail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  return {
    to,
    subject: 'Reset your Crowned password',
    text: `${greeting}\n\nSomeone (hopefully you) asked to reset the password of your Crowned account.\nChoose a new one here: ${url}\n\nThe link works for one hour. If it wasn't you, ignore this mail; your password stays as it is.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Someone (hopefully you) asked to reset the password of your Crowned account.</p><p><a href="${escapeHtml(url)}">Choose a new password</a></p><p>The link works for one hour. If it wasn't you, ignore this mail; your password stays as it is.</p>`,
  };
}

/** The address verification mail, sent at sign-up. */
export function verificationMail(to: string, name: string, url: string): Mail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  return {
    to,
    subject: 'Confirm your email for Crowned',
    text: `${greeting}\n\nWelcome to Crowned! Confirm that this is your email address: ${url}\n\nIf you did not sign up, ignore this mail.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Welcome to Crowned! <a href="${escapeHtml(url)}">Confirm that this is your email address</a>.</p><p>If you did not sign up, ignore this mail.</p>`,
  };
}

/**
 * The admin claim's confirmation (decision 0028): the link works for 30 minutes, once, in the
 * browser that asked. Whoever did not ask is told what it means: someone has this account's
 * password.
 */
export function adminClaimMail(to: string, name: string, url: string): Mail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const ifNot =
    "If it wasn't you, do not open the link: someone else knows this account's password. Reset it from the sign-in page.";
  return {
    to,
    subject: 'Confirm you are making this account a Crowned admin',
    text: `${greeting}\n\nSomeone signed in to your Crowned account asked to make it an admin.\nConfirm you are making this account an admin: ${url}\n\nOpen the link in the same browser, signed in to the same account, within 30 minutes. It works once.\n\n${ifNot}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Someone signed in to your Crowned account asked to make it an admin.</p><p><a href="${escapeHtml(url)}">Confirm you are making this account an admin</a></p><p>Open the link in the same browser, signed in to the same account, within 30 minutes. It works once.</p><p>${escapeHtml(ifNot)}</p>`,
  };
}
