import { describe, expect, it } from 'vitest';
import { escapeHtml, injectHead, previewHead } from './preview-tags';

const INDEX = `<!doctype html><html><head>
<meta name="description" content="Crowned — rank anything with friends." />
<title>Crowned</title>
</head><body><script type="module" src="/main.js"></script></body></html>`;

describe('preview tags', () => {
  it('escapes what people typed', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;',
    );
  });

  it('puts the page title and tags in the head, once, without any script', () => {
    const head = previewHead({
      title: 'Best "pizza" <b>',
      description: 'Leading: Pizza',
      url: 'https://crowned.example/g/abc',
      image: 'https://crowned.example/og/g/abc.png?v=3',
    });
    const html = injectHead(INDEX, { head, title: 'Best "pizza" <b> · Crowned' });
    expect(html).toContain('<title>Best &quot;pizza&quot; &lt;b&gt; · Crowned</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Best &quot;pizza&quot; &lt;b&gt;" />',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<link rel="canonical" href="https://crowned.example/g/abc" />');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.indexOf('og:image')).toBeLessThan(html.indexOf('</head>'));
  });
});
