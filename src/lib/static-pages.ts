// The Markdown static pages: content/pages/{lang}/{page id}.md, looked up by page id and language.
// A new static page is a route-table entry, a PAGE_COMPONENTS line and its three Markdown files.
import { getEntry, render } from 'astro:content';
import type { Lang } from './i18n-langs.ts';
import type { PageId } from './routes.ts';

export async function staticPage(page: PageId, lang: Lang) {
  const entry = await getEntry('pages', `${lang}/${page}`);
  if (!entry) throw new Error(`content/pages/${lang}/${page}.md is missing.`);
  const { Content, headings } = await render(entry);
  return { data: entry.data, Content, headings };
}
