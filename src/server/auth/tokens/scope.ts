/**
 * What a personal API token may do (decision 0024): the user's own games and rankings. Each
 * operation says so in its feature's docs.ts (`tokens: true`, api-docs/operation.ts); anything
 * else is refused with 403, so a route added later is closed to tokens until its entry says
 * otherwise on purpose. Token management, account and sign-in changes (/api/auth/*), the
 * handle, the admin claim, a game's webhooks, moving a guest's games into an account and every
 * admin or moderation route stay cookie-only. The composition root (app.ts) makes the scope
 * once from every feature's operations and hands it to the bearer check (bearer.ts).
 */
/** Requests per token and minute, shared by every instance (LIMIT_API_TOKEN_REQUESTS_PER_MINUTE). */
export const DEFAULT_TOKEN_REQUESTS_PER_MINUTE = 600;

export const OUT_OF_SCOPE_MESSAGE =
  'API tokens may only use your own games and rankings (/api/games, /api/me, /api/me/games, /api/me/played); sign in on the website for everything else';

/** Whether an API token may make this request (method, path), decided at start once. */
export type TokenScope = (method: string, path: string) => boolean;

/** Static segments before parameters, left to right: the route a router picks first sorts first. */
function bySpecificity(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const aParam = a[i]?.startsWith('{') ? 1 : 0;
    const bParam = b[i]?.startsWith('{') ? 1 : 0;
    if (aParam !== bParam) return aParam - bParam;
  }
  return b.length - a.length;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The scope from the operations every feature declares (api-docs/operation.ts): a token may make
 * a request when the operation it reaches says `tokens: true`. A path all of whose operations are
 * cookie-only is refused whatever the method, so that it never reaches a looser template's
 * operation: GET /api/games/claim is not GET /api/games/{id}, a game's webhooks are not one of
 * its exports. HEAD is GET; any other method, and any path no operation has, is refused.
 *
 * Made once, at start: per method, one regular expression of the paths of its operations and of
 * the cookie-only paths, most specific first, each in its own group, so that a request costs one
 * match and the group that matched says whether a token may.
 */
export function tokenScope(operations: Record<string, { tokens?: true }>): TokenScope {
  const paths = new Map<string, Map<string, boolean>>();
  for (const [key, operation] of Object.entries(operations)) {
    const [method = '', path = ''] = key.split(' ');
    const methods = paths.get(path) ?? new Map<string, boolean>();
    methods.set(method, operation.tokens === true);
    paths.set(path, methods);
  }
  const cookieOnly = [...paths]
    .filter(([, methods]) => ![...methods.values()].some(Boolean))
    .map(([path]) => path);
  const byMethod = new Map<string, { pattern: RegExp; tokens: boolean[] }>();
  for (const method of new Set([...paths.values()].flatMap((methods) => [...methods.keys()]))) {
    const own = [...paths].filter(([, methods]) => methods.has(method)).map(([path]) => path);
    if (!own.some((path) => paths.get(path)?.get(method))) continue;
    const templates = [...new Set([...own, ...cookieOnly])]
      .map((path) => path.split('/'))
      .sort(bySpecificity);
    const source = templates
      .map(
        (segments) =>
          `(${segments.map((segment) => (segment.startsWith('{') ? '[^/]+' : escapeRegExp(segment))).join('/')})`,
      )
      .join('|');
    byMethod.set(method, {
      pattern: new RegExp(`^(?:${source})/?$`),
      tokens: templates.map((segments) => paths.get(segments.join('/'))?.get(method) === true),
    });
  }
  return (method, path) => {
    const scope = byMethod.get(method === 'HEAD' ? 'GET' : method);
    const match = scope?.pattern.exec(path);
    if (!scope || !match) return false;
    for (let group = 1; group < match.length; group++) {
      if (match[group] !== undefined) return scope.tokens[group - 1] === true;
    }
    return false;
  };
}
