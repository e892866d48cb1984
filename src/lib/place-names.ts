// Place names in the page's language: headquarters are stored in English ("Munich", "Vienna"), and a
// German or French page shows the name its readers write ("München", "Vienne"). The table is language
// data (content/place-names.json), like the UI strings; a place it does not list is shown as stored.
import table from '../../content/place-names.json' with { type: 'json' };
import type { Lang } from './i18n-langs.ts';

const names = table as unknown as Record<string, Partial<Record<Lang, string>> | string>;

/** The place as written in `lang`, or as stored. */
export function placeName(place: string, lang: Lang): string {
  const entry = names[place];
  return (typeof entry === 'object' && entry[lang]) || place;
}
