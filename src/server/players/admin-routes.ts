/** What admins do to other accounts: grant or revoke admin (SPEC §4 "Admin"). */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthEnv } from '../auth';
import { requireAdmin } from '../community/routes';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import { setAdminRole } from './mutations';

const UserParam = z.object({ userId: z.string().min(1).max(200) });
const AdminBody = z.object({ admin: z.boolean() }).strict();

export function adminRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<AuthEnv>().put(
    '/users/:userId/admin',
    requireAdmin(db),
    validate('param', UserParam),
    validate('json', AdminBody),
    async (c) =>
      c.json(
        await setAdminRole(db, {
          adminId: c.get('user').id,
          targetId: c.req.valid('param').userId,
          admin: c.req.valid('json').admin,
        }),
      ),
  );
}
