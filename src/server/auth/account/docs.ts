/**
 * The account routes in the API document: this app's own (routes.ts: /api/config,
 * /api/account/methods, /api/dev/outbox) and better-auth's endpoints under /api/auth that the
 * web app uses. See api-docs/operation.ts.
 */
import { z } from 'zod';
import type { AuthOperations, Operations } from '../../api-docs/operation';
import { AnyObject, fields } from '../../api-docs/schemas';

export const ACCOUNT_OPERATIONS: Operations = {
  'GET /api/config': {
    tag: 'Service',
    summary: 'What the web app needs to know of this server',
    access: 'public',
    ok: { 200: fields({ googleEnabled: z.boolean(), devOutbox: z.boolean() }) },
  },
  'GET /api/dev/outbox': {
    tag: 'Service',
    summary: 'Mails sent while no SMTP server is configured (development only)',
    access: 'public',
    ok: { 200: fields({ messages: z.array(AnyObject) }) },
    errors: [404],
  },
  'GET /api/account/methods': {
    tag: 'Account',
    summary: 'How an e-mail address signs in (password, Google), for the sign-in form',
    access: 'public',
    ok: { 200: fields({ methods: z.array(z.string()) }) },
  },
};

/** better-auth's endpoints the app uses (it answers every /api/auth/* path itself). */
export const AUTH_OPERATIONS: AuthOperations = {
  'POST /api/auth/sign-up/email': {
    summary: 'Create an account with e-mail and password',
    access: 'public',
    body: z.object({
      email: z.string(),
      password: z.string(),
      name: z.string(),
      callbackURL: z.string().optional(),
    }),
  },
  'POST /api/auth/sign-in/email': {
    summary: 'Sign in with e-mail and password',
    access: 'public',
    body: z.object({
      email: z.string(),
      password: z.string(),
      rememberMe: z.boolean().optional(),
      callbackURL: z.string().optional(),
    }),
  },
  'POST /api/auth/sign-in/anonymous': {
    summary: 'Start a guest session',
    access: 'public',
  },
  'POST /api/auth/sign-in/social': {
    summary: 'Sign in with Google (when configured): answers the URL to go to',
    access: 'public',
    body: z.object({ provider: z.literal('google'), callbackURL: z.string().optional() }),
  },
  'POST /api/auth/sign-out': { summary: 'End the session', access: 'session' },
  'GET /api/auth/get-session': {
    summary: 'The current session and user (null without one)',
    access: 'public',
  },
  'POST /api/auth/update-user': {
    summary: 'Change the display name',
    access: 'session',
    body: z.object({ name: z.string() }),
  },
  'POST /api/auth/change-password': {
    summary: 'Change the password',
    access: 'account',
    body: z.object({
      currentPassword: z.string(),
      newPassword: z.string(),
      revokeOtherSessions: z.boolean().optional(),
    }),
  },
  'POST /api/auth/request-password-reset': {
    summary: 'Mail a password reset link',
    access: 'public',
    body: z.object({ email: z.string(), redirectTo: z.string().optional() }),
  },
  'POST /api/auth/reset-password': {
    summary: 'Set a new password with the token from the reset mail',
    access: 'public',
    body: z.object({ newPassword: z.string(), token: z.string() }),
  },
  'POST /api/auth/send-verification-email': {
    summary: 'Mail the e-mail confirmation link again',
    access: 'public',
    body: z.object({ email: z.string(), callbackURL: z.string().optional() }),
  },
  'POST /api/auth/link-social': {
    summary: 'Link a Google account to the signed-in account (when configured)',
    access: 'account',
    body: z.object({ provider: z.literal('google'), callbackURL: z.string().optional() }),
  },
  'GET /api/auth/list-accounts': {
    summary: 'The sign-in methods linked to the account',
    access: 'account',
  },
  'GET /api/auth/verify-email': {
    summary: 'Confirm an e-mail address (the link in the mail)',
    access: 'public',
  },
  'POST /api/auth/delete-user': {
    summary: 'Delete the account',
    access: 'session',
  },
};
