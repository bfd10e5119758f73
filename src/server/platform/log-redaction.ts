/**
 * What no log line may carry (decision 0032): the secrets that travel in URLs and bodies. A
 * password-reset token in a path (`/api/auth/reset-password/<token>`), a verification token, an
 * OAuth `code` or `state`, and any query parameter named like a token, code, secret or password
 * (also inside an encoded URL: `callbackURL=%2Fx%3Ftoken%3D…`); a `Bearer` credential; and JSON
 * fields named like a token, secret, password, cookie or authorization. Whoever reads the logs
 * (an operator, a log service, a backup of it) must not be able to take over an account with them.
 *
 * `redactSecrets` works on any text, the logger's whole JSON line included, so a secret is
 * removed whichever field or message carries it (a request line's path, an error's message or
 * stack, better-auth's own messages).
 */

export const REDACTED = '[redacted]';

/** A secret path segment: the reset link's token (better-auth's `/reset-password/:token`). */
const SECRET_SEGMENT = /(\/reset-password\/)(?!\[redacted\])[^/?#\s"'\\<>]+/gi;

/**
 * A parameter whose name says it is secret: …token, code, state, secret, password, otp, key,
 * verifier, signature. After `?`, `&`, `;`, a space, a quote or the start, or encoded (`%3F`,
 * `%26`); its value runs to the next separator (an encoded `&` or `#` too).
 */
const SECRET_PARAMETER =
  /((?:^|[?&;\s,"'(]|%3F|%26)[\w.-]*?(?:token|code|state|secret|password|passwd|otp|key|verifier|signature|sig)(?:=|%3D))((?:(?!%26|%23)[^&#\s"'\\;,<>)])+)/gi;

/** `Bearer <credential>` (an API token, a metrics token) in a header someone logged. */
const BEARER = /(\bBearer\s+)(?!\[redacted\])[A-Za-z0-9._~+/=-]+/gi;

/** A JSON string field named like a secret: `"newPassword":"…"`, `"token":"…"`. */
const SECRET_FIELD =
  /("[^"\\]*(?:token|secret|password|passwd|verifier|authorization|cookie)[^"\\]*"\s*:\s*")((?:[^"\\]|\\.)*)(")/gi;

/** The same inside a JSON string (JSON text quoted in a line): `\\"token\\":\\"…\\"`. */
const ESCAPED_SECRET_FIELD =
  /(\\"[^"\\]*(?:token|secret|password|passwd|verifier|authorization|cookie)[^"\\]*\\"\s*:\s*\\")((?:[^"\\]|\\[^"])*)(\\")/gi;

/** Cheap tests first: most lines (a request's) hold none of these, and skip the scans. */
const MAY_HOLD_SEGMENT = /reset-password\//i;
const MAY_HOLD_PARAMETER = /=|%3D/i;
const MAY_HOLD_FIELD = /token|secret|passw|verifier|authorization|cookie|bearer/i;

/** `text` with every secret above replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text;
  if (MAY_HOLD_SEGMENT.test(out)) out = out.replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (MAY_HOLD_PARAMETER.test(out)) {
    out = out.replace(SECRET_PARAMETER, (_match, name: string, value: string) =>
      value === REDACTED ? `${name}${value}` : `${name}${REDACTED}`,
    );
  }
  if (MAY_HOLD_FIELD.test(out)) {
    out = out
      .replace(BEARER, `$1${REDACTED}`)
      .replace(SECRET_FIELD, `$1${REDACTED}$3`)
      .replace(ESCAPED_SECRET_FIELD, `$1${REDACTED}$3`);
  }
  return out;
}

/** A request path (and query, when given) as it may be logged. */
export function redactPath(path: string): string {
  return redactSecrets(path);
}
