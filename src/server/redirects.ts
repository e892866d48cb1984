// Reads the Cloudflare-format _redirects file, so the local server behaves like the CDN.
// Supported: "from to [status]", a trailing splat (*) captured as :splat, and :placeholders.

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  pattern: RegExp;
  names: string[];
}

export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [from, to, status] = line.split(/\s+/);
    if (!from || !to) continue;
    const names: string[] = [];
    const source = from
      .split('/')
      .map((part) => {
        if (part === '*') {
          names.push('splat');
          return '(.*)';
        }
        if (part.startsWith(':')) {
          names.push(part.slice(1));
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    rules.push({ from, to, status: status ? Number.parseInt(status, 10) : 301, pattern: new RegExp(`^${source}/?$`), names });
  }
  return rules;
}

/** The first rule matching the path, with its target filled in (always a path on this site). */
export function matchRedirect(rules: RedirectRule[], pathname: string): { to: string; status: number } | undefined {
  for (const rule of rules) {
    const m = rule.pattern.exec(pathname);
    if (!m) continue;
    let to = rule.to;
    rule.names.forEach((name, i) => {
      to = to.replace(`:${name}`, m[i + 1] ?? '');
    });
    return { to: sitePath(to), status: rule.status };
  }
  return undefined;
}

/**
 * A redirect target that cannot leave the site: a captured splat may start with "/" or "\", and
 * browsers read "//host" and "/\host" as another origin (/en//evil.example would answer
 * "Location: //evil.example"). Leading slashes and backslashes collapse to one "/"; anything that is
 * not a path (a rule written with an absolute URL) becomes the home page.
 */
export function sitePath(to: string): string {
  if (!/^[/\\]/.test(to)) return '/';
  return to.replace(/^[/\\]+/, '/');
}
