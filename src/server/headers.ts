// Reads the Cloudflare-format _headers file: a path pattern line, then indented "Name: value" lines.

export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const source = raw.trim().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/:[a-z]+/gi, '[^/]+');
      current = { pattern: new RegExp(`^${source}$`), headers: [] };
      rules.push(current);
      continue;
    }
    const idx = raw.indexOf(':');
    if (current && idx > 0) current.headers.push([raw.slice(0, idx).trim(), raw.slice(idx + 1).trim()]);
  }
  return rules;
}

/** All headers that apply to a path; later rules add to (and override) earlier ones. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (rule.pattern.test(pathname)) for (const [k, v] of rule.headers) out[k.toLowerCase()] = v;
  }
  return out;
}
