/**
 * Data written into an HTML page for its scripts to read: a `<script type="application/json">`
 * block (a data block: never run, so the page's Content-Security-Policy has nothing to allow).
 * Pure.
 */

/**
 * JSON safe inside a `<script>` element: no `<` (so no `</script>` or `<!--` can close or bend
 * the element), no `>` or `&`, and no U+2028/U+2029; each is written as its `\uXXXX` escape,
 * which JSON.parse reads back as the same character.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** `html` with a data block of `value`, id `id`, at the end of its `<head>`. */
export function injectJson(html: string, id: string, value: unknown): string {
  const block = `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>`;
  return html.replace(/<\/head>/i, () => `  ${block}\n  </head>`);
}
