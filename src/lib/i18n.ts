// UI strings, compiled in at build time. English is the source; de and fr have the same keys (tested).
import en from '../../content/i18n/en.json';
import de from '../../content/i18n/de.json';
import fr from '../../content/i18n/fr.json';
import { DEFAULT_LANG, LANGS, type Lang } from './i18n-langs.ts';

export type MessageKey = keyof typeof en;

export const MESSAGES: Record<Lang, Record<MessageKey, string>> = { en, de, fr };

/** Looks up a UI string and fills {placeholders}. Falls back to English, then to the key. */
export function t(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const template = MESSAGES[lang][key] ?? MESSAGES[DEFAULT_LANG][key] ?? key;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

/** A translator bound to one language, for components. */
export function translator(lang: Lang) {
  return (key: MessageKey, vars?: Record<string, string | number>) => t(lang, key, vars);
}

export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', de: 'Deutsch', fr: 'Français' };

export { LANGS, DEFAULT_LANG, type Lang };
