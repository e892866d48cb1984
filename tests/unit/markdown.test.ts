// Guide bodies are markdown written in the admin: raw HTML never passes through, links go only to
// https pages or this site's paths, headings start at h2.
import { describe, expect, it } from 'vitest';
import { isSafeHref, renderMarkdown } from '../../src/lib/markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis and https links', () => {
    const html = renderMarkdown('## Export\n\n1. Open **Takeout**.\n2. See [help](https://support.google.com/mail).\n');
    expect(html).toContain('<h2>Export</h2>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<strong>Takeout</strong>');
    expect(html).toContain('<a href="https://support.google.com/mail" rel="noopener noreferrer external">help</a>');
  });

  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('Hi <script>alert(1)</script> <img src=x onerror=alert(1)>\n\n<div onclick="x()">block</div>');
    expect(html).not.toMatch(/<script|<img|<div/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;div onclick=&quot;x()&quot;&gt;block&lt;/div&gt;');
  });

  it('keeps only https and same-site links; others stay text', () => {
    const html = renderMarkdown(
      '[a](javascript:alert(1)) [b](http://example.com) [c](mailto:x@example.com) [d](//evil.example/x) [e](/de/anleitungen) [f](data:text/html,x) <https://proton.me/support>',
    );
    expect(html).not.toMatch(/href="(javascript|http:|mailto|\/\/|data)/);
    expect(html).toContain('<a href="/de/anleitungen">e</a>');
    expect(html).toContain('<a href="https://proton.me/support" rel="noopener noreferrer external">https://proton.me/support</a>');
    expect(html).toContain('[a](javascript:alert(1))');
  });

  it('shows no images and turns a top-level heading into h2', () => {
    const html = renderMarkdown('# Title\n\n![x](https://example.com/a.png)');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<h1');
  });

  it('isSafeHref', () => {
    expect(isSafeHref('https://a.example/b')).toBe(true);
    expect(isSafeHref('/fr/guides')).toBe(true);
    expect(isSafeHref('#steps')).toBe(true);
    for (const bad of ['http://a.example', 'javascript:x', '//a.example', '/\\a.example', 'https://localhost', 'ftp://a.example']) expect(isSafeHref(bad)).toBe(false);
  });
});
