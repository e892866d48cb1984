// Dates as people read them in each language: "12 March 2025", "12. März 2025", "12 mars 2025".
import type { Lang } from './i18n-langs.ts';

const LOCALES: Record<Lang, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

export function formatLongDate(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
