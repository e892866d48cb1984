// Dates as people read them in each language: "12 March 2025", "12. März 2025", "12 mars 2025".
import { languageOf, type Lang } from './i18n-langs.ts';

export function formatLongDate(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(languageOf(lang).locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
