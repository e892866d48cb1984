// Markdown of data (guide bodies, written in the admin) to HTML, at build time. markdown-it with raw
// HTML off: a tag in the text comes out escaped, as text. Links may only go to https pages or to paths
// of this site (anything else, such as javascript:, http: or mailto:, stays plain text); images are
// off (the text is a guide, not a page layout). Headings start at h2: the page's title is the h1.
import MarkdownIt from 'markdown-it';

/** An href a guide may link to: https with a host, a path on this site ("/de/…", not "//host"), or an anchor. */
export function isSafeHref(href: string): boolean {
  const v = href.trim();
  if (/^\/(?![/\\])/.test(v) || /^#[\w-]*$/.test(v)) return true;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname.includes('.');
  } catch {
    return false;
  }
}

const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
md.disable(['image']);
md.validateLink = isSafeHref;

md.core.ruler.push('demote_h1', (state) => {
  for (const token of state.tokens) {
    if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') token.tag = 'h2';
  }
});

// External links say so (rel), as every other link to another site does on this site.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (/^https:/i.test(String(token.attrGet('href') ?? ''))) token.attrSet('rel', 'noopener noreferrer external');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The HTML of a markdown text (safe to insert as is: see the header). */
export function renderMarkdown(source: string): string {
  return md.render(source);
}
