/** Link preview tags (Open Graph, Twitter card, canonical) for a page's `<head>`. Pure. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

export function previewHead(page: {
  title: string;
  description: string;
  url: string;
  image: string;
}): string {
  const meta = (key: 'property' | 'name', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(page.url)}" />`,
    meta('name', 'description', page.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Crowned'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.url),
    meta('property', 'og:image', page.image),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', page.title),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', page.image),
  ].join('\n    ');
}

/**
 * The app's index.html with the page's title and tags: its own description and title give way
 * to the page's. Only `<meta>`, `<link>` and `<title>` are added (the CSP hashes inline scripts).
 */
export function injectHead(html: string, preview: { head: string; title: string }): string {
  return html
    .replace(/<meta name="description"[^>]*>\s*/i, '')
    .replace(/<title>[^<]*<\/title>/i, `<title>${escapeHtml(preview.title)}</title>`)
    .replace(/<\/head>/i, `  ${preview.head}\n  </head>`);
}
