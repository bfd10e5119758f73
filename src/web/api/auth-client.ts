/** The better-auth client: e-mail + password accounts and anonymous guest sessions. */
import { anonymousClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [anonymousClient()],
});

export type Session = typeof authClient.$Infer.Session;
