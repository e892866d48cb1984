// The Markdown static pages, looked up by page id and language.
import { getEntry, render } from 'astro:content';
import type { Lang } from './i18n-langs.ts';

export const STATIC_PAGES = ['mission', 'privacy', 'terms', 'imprint'] as const;
export type StaticPageId = (typeof STATIC_PAGES)[number];

export async function staticPage(page: StaticPageId, lang: Lang) {
  const entry = await getEntry('pages', `${lang}/${page}`);
  if (!entry) throw new Error(`content/pages/${lang}/${page}.md is missing.`);
  const { Content, headings } = await render(entry);
  return { data: entry.data, Content, headings };
}
