/**
 * How a feature declares its API operations (in its own docs.ts, beside its routes): what the
 * OpenAPI document says of each route beyond its request schemas (which come from the routes'
 * own validators): its tag, summary, who may call it, whether a personal API token may, and its
 * responses with their schemas. The composition root gathers every feature's operations and
 * hands them to the document (document.ts) and to the token scope (auth/tokens/scope.ts).
 */
import type { z } from 'zod';

/**
 * Who may call a route. public: anyone (a session, if any, changes what is shown); session: any
 * signed-in session, guests included; account: a signed-in account, not a guest; owner: the
 * game's owner (others get 403); admin: an administrator.
 */
export type Access = 'public' | 'session' | 'account' | 'owner' | 'admin';

/** A success body: a JSON schema, or another media type (streams, files). */
export type Body = z.ZodType | { media: string; description: string; schema?: z.ZodType };

/** The reference's sections, in their order. */
export const TAGS = [
  { name: 'Games', description: 'Create, play, edit and close rank games.' },
  { name: 'Results', description: "A game's combined results, exports and live events." },
  { name: 'Community', description: 'Published games: lists, likes, reports and moderation.' },
  { name: 'Rooms', description: 'Live rooms: a host, a join code, rounds, points and a podium.' },
  { name: 'Me', description: "The signed-in player's profile, games and live events." },
  { name: 'Profiles', description: 'Public player profiles.' },
  { name: 'API tokens', description: 'Personal API tokens (Bearer) for the API.' },
  { name: 'Webhooks', description: "A game owner's webhooks and their deliveries." },
  { name: 'Account', description: 'Sign-up, sign-in and account settings (better-auth).' },
  { name: 'Admin', description: 'Administration: users, games, audit log, analytics.' },
  { name: 'Service', description: 'Health, readiness, configuration, analytics intake.' },
] as const;

export type Tag = (typeof TAGS)[number]['name'];

export type Operation = {
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /**
   * A personal API token may call it (decision 0024: the user's own games and rankings). Left
   * out, the route is cookie-only, so a route added later stays closed to tokens until its
   * entry says otherwise on purpose. The token scope (auth/tokens/scope.ts) is made from this.
   */
  tokens?: true;
  /** Success statuses and their bodies. */
  ok: Record<number, Body>;
  /** Error statuses beyond those every route of its access level may answer. */
  errors?: number[];
};

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A feature's operations, keyed by `METHOD /api/path/{param}`. test/integration/openapi.test.ts
 * fails when a route of the app has no entry or an entry names no route.
 */
export type Operations = Record<`${Method} /api/${string}`, Operation>;

/**
 * better-auth's endpoints the app uses (it answers every /api/auth/* path itself). Their
 * bodies are better-auth's; errors from it are `{ code, message }` at the top level.
 */
export type AuthOperations = Record<
  `${Method} /api/auth/${string}`,
  { summary: string; body?: z.ZodType; access: Access }
>;

/** An event stream's success body. */
export const stream = (what: string): Body => ({
  media: 'text/event-stream',
  description: `Server-Sent Events: ${what}. Reconnect with Last-Event-ID to resume.`,
});

/** Every feature's operations as one: a route declared by two features is a mistake, refused. */
export function mergeOperations(...parts: Operations[]): Operations {
  const merged: Operations = {};
  for (const part of parts) {
    for (const [key, operation] of Object.entries(part) as [keyof Operations, Operation][]) {
      if (key in merged) throw new Error(`The API operation ${key} is declared twice`);
      merged[key] = operation;
    }
  }
  return merged;
}
