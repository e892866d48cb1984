// The main navigation, shared by the desktop header and the phone menu (which adds the mission page).
import type { Lang } from './i18n-langs.ts';
import { t } from './i18n.ts';
import { url, type PageId, type Section } from './routes.ts';

export interface NavLink {
  page: PageId;
  section: Section;
  href: string;
  label: string;
}

/** What visitors come for first: alternatives to the apps they use, then companies, categories, countries. */
export function mainNav(lang: Lang): NavLink[] {
  return [
    { page: 'alternatives', section: 'alternatives', href: url(lang, 'alternatives'), label: t(lang, 'nav.alternatives') },
    { page: 'companies', section: 'companies', href: url(lang, 'companies'), label: t(lang, 'nav.companies') },
    { page: 'categories', section: 'categories', href: url(lang, 'categories'), label: t(lang, 'nav.categories') },
    { page: 'countries', section: 'countries', href: url(lang, 'countries'), label: t(lang, 'nav.countries') },
  ];
}
