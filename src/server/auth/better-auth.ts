/** The better-auth instance (e-mail + password and anonymous guests) and the session middleware. */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { anonymous, genericOAuth } from 'better-auth/plugins';
import type { MiddlewareHandler } from 'hono';
import { and, eq, ne } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../domain/errors';
import type { Db, Tx } from '../db/client';
import type { Logger } from '../platform/log';
import { passwordResetMail, verificationMail, type Mailer } from './mailer';
import { publish } from '../realtime/hub';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import { authInputHook } from './account/auth-input';
import { shownName } from '../../domain/game';
import { keptImage } from '../../domain/account-image';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../domain/passwords';
import * as schema from '../db/schema/auth';
import { sessionTokenOf } from './session-cookie';
import { revokeTokensWithSessions } from './tokens/auth-hooks';
import { revokeTokensOf } from './tokens/revoke';
import { GuestSessions } from './guest-sessions';

export type AuthOptions = {
  db: Db;
  secret: string;
  baseUrl: string;
  trustedOrigins: string[];
  log: Logger;
  mailer: Mailer;
  /** Google sign-in, when configured; `issuer` is Google's (or a test provider's). */
  google?: { clientId: string; clientSecret: string; issuer: string };
  /** What other features do when accounts change (the composition root, server.ts, wires it). */
  hooks: AuthHooks;
};

/** Auth's hooks: other features' part of an account going or a guest joining an account. */
export type AuthHooks = {
  /**
   * Before an account row is deleted (a guest leaving, an account deleted): whatever must leave
   * with it in its own transaction, the row's deletion included (games/mutations.ts deletePlayer).
   */
  deleteUser(userId: string): Promise<void>;
  /** A guest signed up or in: everything they did moves to the account, before the guest goes. */
  linkGuest(guestId: string, accountId: string): Promise<void>;
  /** A password reset proved the inbox: in its transaction, after the API tokens are revoked. */
  passwordReset(tx: Tx, userId: string): Promise<void>;
};

export function createAuth(options: AuthOptions) {
  // Each new guest's session, for the instance's session cache (app.ts listens).
  const guestSessions = new GuestSessions();
  const auth = betterAuth({
    appName: 'Crowned',
    secret: options.secret,
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    trustedOrigins: options.trustedOrigins,
    // Failed OAuth round trips land on our sign-in page, which explains them in plain words.
    // Unexpected errors (not better-auth's own answers) reach our error handler, so a lost
    // database connection answers 503 there rather than an empty 500 here.
    onAPIError: { errorURL: '/login', throw: true },
    // better-auth's messages go through our logger, so LOG_LEVEL governs them too.
    logger: {
      level: 'debug',
      log: (level, message, ...args) =>
        options.log[level](`[auth] ${message}`, args.length > 0 ? args : undefined),
    },
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Our hook (account/auth-input.ts) checks first, with the full rule and its messages.
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Whoever knew the old password (or signed up first with this address) is signed out
      // everywhere: a reset proves the inbox, not the sessions.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) =>
        options.mailer.send(passwordResetMail(user.email, user.name, url)),
      // The same goes for every other credential (decision 0029): the account's API tokens, and
      // webhooks added before anyone proved the inbox (a hook: webhooks are a feature's).
      onPasswordReset: async ({ user }) => {
        await options.db.transaction(async (tx) => {
          await revokeTokensOf(tx, user.id);
          await options.hooks.passwordReset(tx, user.id);
        });
      },
    },
    // Verification proves an inbox: the admin self-grant needs it. Playing does not.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      // Proving the inbox ends every other session opened before it: whoever signed up first
      // with this address keeps nothing. The verifying browser's own session, if it is this
      // user's, held the inbox's token: it counts as opened now (the admin claim needs that).
      afterEmailVerification: async (verified, request) => {
        const token = sessionTokenOf(request?.headers.get('cookie') ?? null);
        const mine = eq(schema.session.userId, verified.id);
        await options.db.transaction(async (tx) => {
          await tx
            .delete(schema.session)
            .where(token ? and(mine, ne(schema.session.token, token)) : mine);
          if (token) {
            await tx
              .update(schema.session)
              .set({ createdAt: new Date() })
              .where(and(mine, eq(schema.session.token, token)));
          }
        });
      },
      sendVerificationEmail: async ({ user, url }) =>
        options.mailer.send(verificationMail(user.email, user.name, url)),
    },
    // Every request body is checked first: storable text, display names, the password rule, the
    // image. Signing out everywhere revokes the API tokens after it.
    hooks: { before: authInputHook, after: revokeTokensWithSessions(options.db) },
    databaseHooks: {
      user: {
        // Names from elsewhere (a Google profile) are cleaned and cut to the limit too, and a
        // picture is kept only when it is an https address of at most 2 KB.
        create: {
          before: async (user) => ({
            data: { ...user, name: shownName(user.name), image: keptImage(user.image) },
          }),
        },
        // Every way an account goes (a guest leaving, an account deleted): its rankings leave
        // the tallies and the account row goes in one transaction, serialized with submissions
        // on each game (games/mutations.ts); better-auth's own delete then finds nothing left.
        delete: { before: async (deleted) => options.hooks.deleteUser(deleted.id) },
        update: {
          // Headers and open tabs show the name and role live.
          after: async (updated) => publish(options.db, { type: 'profile', userId: updated.id }),
        },
      },
    },
    user: {
      additionalFields: {
        // Never writable from a request body: only the admin self-grant sets it.
        role: { type: 'string', input: false, defaultValue: 'user', required: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // On everywhere and kept in the database, so every instance counts the same requests.
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        // Guests arrive in groups behind one address (a party, a classroom).
        '/sign-in/anonymous': { window: 60, max: 60 },
      },
    },
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] } },
    // Google marks e-mails verified, so a Google sign-in may join the account with that e-mail.
    // Linking happens signed in, on purpose: the Google address may differ from the account's.
    account: {
      // A Google sign-in joins an existing account only once that account's own e-mail is
      // verified: else whoever signed up first with the address would share the account.
      accountLinking: {
        enabled: true,
        trustedProviders: ['google'],
        allowDifferentEmails: true,
        requireLocalEmailVerified: true,
      },
    },
    plugins: [
      guestSessions.plugin(),
      anonymous({
        onLinkAccount: ({ anonymousUser, newUser }) =>
          options.hooks.linkGuest(anonymousUser.user.id, newUser.user.id),
      }),
      // A first-class social provider (sign-in/social, callback/google), so the anonymous
      // plugin moves a guest's data on Google sign-in as it does for e-mail.
      ...(options.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: options.google.clientId,
                  clientSecret: options.google.clientSecret,
                  discoveryUrl: `${options.google.issuer}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
  return Object.assign(auth, { guestSessions });
}

export type Auth = ReturnType<typeof createAuth>;

/** The person behind a request, as our routes see them. */
export type Viewer = {
  id: string;
  name: string;
  email: string;
  isAnonymous: boolean;
  role: string;
  /** When this session was opened (ms): older than the e-mail's proof, it claims nothing. */
  sessionStartedAt: number;
  /** The session's id (null for an API token): an admin claim's link is bound to it. */
  sessionId: string | null;
};

export type AuthEnv = {
  Variables: {
    viewer: Viewer | null;
    /** Set when a personal API token signed the request (tokens/bearer.ts). */
    apiTokenId?: string;
  };
};

/**
 * Sets `viewer` from the request's session (see session-cache.ts), unless an API token already
 * did: a request with a bearer is judged by the token alone, its cookies are never read.
 */
export function sessionMiddleware(sessions: {
  viewer(headers: Headers): Promise<Viewer | null>;
}): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (c.get('apiTokenId') !== undefined) return next();
    c.set('viewer', await sessions.viewer(c.req.raw.headers));
    await next();
  };
}

/**
 * Lets only signed-in people through (guests too when `guests` is true), before the body is
 * validated: no session means 401 whatever was sent. Handlers then read `c.get('user')`.
 */
export function requireUser(options: { guests: boolean; message: string }) {
  return createMiddleware<{ Variables: { viewer: Viewer | null; user: Viewer } }>(
    async (c, next) => {
      const viewer = c.get('viewer');
      if (!viewer || (viewer.isAnonymous && !options.guests)) {
        throw new AppError('unauthenticated', options.message);
      }
      c.set('user', viewer);
      await next();
    },
  );
}
