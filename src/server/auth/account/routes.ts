/** Public account helpers: client config, sign-in method lookup, and the dev outbox. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import type { AuthEnv } from '../better-auth';
import type { Db } from '../../db/client';
import { account, user } from '../../db/schema/auth';
import { clientIp, isForwarded, isLoopback, socketAddress } from '../../http/client-ip';
import { consumeRateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import type { Mailer } from '../mailer';

export type AccountDeps = {
  db: Db;
  mailer: Mailer;
  googleEnabled: boolean;
  trustedProxyHeader: string | undefined;
  /** Which entry of a list header is the client's (see client-ip.ts); 1 when omitted. */
  trustedProxyHops?: number;
};

const MethodsQuery = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')),
});

export type SignInMethod = 'password' | 'google';

export function accountRoutes(deps: AccountDeps) {
  const { db } = deps;
  const limitLookups = (c: Context) =>
    consumeRateLimit(db, c, {
      key: `methods:${clientIp(c, deps.trustedProxyHeader, deps.trustedProxyHops) ?? 'unknown'}`,
      windowMs: 60_000,
      max: 20,
    });
  return new Hono<AuthEnv>()
    .get('/config', (c) =>
      c.json({ googleEnabled: deps.googleEnabled, devOutbox: deps.mailer.outbox !== undefined }),
    )
    .get('/account/methods', validate('query', MethodsQuery), async (c) => {
      await limitLookups(c);
      const rows = await db
        .select({ providerId: account.providerId })
        .from(account)
        .innerJoin(user, eq(user.id, account.userId))
        .where(eq(user.email, c.req.valid('query').email));
      const methods = new Set<SignInMethod>();
      for (const row of rows) {
        if (row.providerId === 'credential') methods.add('password');
        if (row.providerId === 'google') methods.add('google');
      }
      return c.json({ methods: [...methods] });
    })
    .get('/dev/outbox', (c) => {
      const outbox = deps.mailer.outbox;
      if (!outbox) {
        throw new AppError(
          'not-found',
          deps.mailer.transport === 'smtp'
            ? 'Mail goes out over SMTP: there is no dev outbox'
            : 'The dev outbox is off: start the server with DEV_OUTBOX=1 (development only)',
        );
      }
      // Reset links are secrets: only someone on this machine may read them. Behind a reverse
      // proxy on this host every request comes from loopback, so anything that went through a
      // proxy (it says so in a forwarding header) is refused whatever its socket address.
      if (isForwarded(c, deps.trustedProxyHeader) || !isLoopback(socketAddress(c))) {
        throw new AppError('permission-denied', 'The dev outbox is readable only on this machine');
      }
      return c.json({ messages: outbox.list() });
    });
}
