// A plain Hugo build of N pages, for the bench's comparison with the Astro build of the same number of
// pages: one simple layout (head, header, a heading, a paragraph, a list of links, footer), pages of
// about the size of a company page's text, written as name.html like our build (uglyURLs).
// Hugo is Debian's package `hugo`; without it the bench says "not installed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runMeasured } from './bench-server.ts';

export function hugoVersion(): string | undefined {
  const r = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().split(' ')[1] : undefined;
}

const LAYOUT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title>
<meta name="description" content="{{ .Params.description }}"><link rel="canonical" href="{{ .Permalink }}"></head>
<body><header><nav><a href="/">Home</a> <a href="/p/">Companies</a></nav></header>
<main><h1>{{ .Title }}</h1><p>{{ .Params.description }}</p>{{ .Content }}
<ul>{{ range .Params.links }}<li><a href="/p/{{ . }}.html">{{ . }}</a></li>{{ end }}</ul></main>
<footer><p>{{ .Site.Title }}</p></footer></body></html>
`;

/** Writes the Hugo site and builds it; undefined when Hugo is not installed. */
export async function hugoBuild(pages: number, dir: string): Promise<{ ms: number; peakRss: number; version: string } | undefined> {
  const version = hugoVersion();
  if (!version) return undefined;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'content', 'p'), { recursive: true });
  mkdirSync(join(dir, 'layouts', '_default'), { recursive: true });
  writeFileSync(
    join(dir, 'hugo.toml'),
    'baseURL = "http://127.0.0.1:4321/"\ntitle = "European Alternatives"\nuglyURLs = true\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n',
  );
  writeFileSync(join(dir, 'layouts', '_default', 'single.html'), LAYOUT);
  writeFileSync(join(dir, 'layouts', '_default', 'list.html'), LAYOUT);
  const body = 'A European company that makes things people use every day. '.repeat(30);
  for (let i = 0; i < pages; i++) {
    const links = Array.from({ length: 10 }, (_, k) => `"page-${(i * 7 + k * 13) % pages}"`).join(', ');
    writeFileSync(join(dir, 'content', 'p', `page-${i}.md`), `---\ntitle: "Company ${i}"\ndescription: "Company ${i}, a European alternative."\nlinks: [${links}]\n---\n${body}\n`);
  }
  const r = await runMeasured('hugo', ['--quiet', '-s', dir, '-d', join(dir, 'public')], { ...process.env });
  if (r.code !== 0) throw new Error(`hugo failed:\n${r.output.slice(-2000)}`);
  return { ms: r.ms, peakRss: r.peakRss, version };
}
