// UI strings, compiled in at build time: every content/i18n/<code>.json of a language in
// content/languages.json, found by name. English is the source: its keys are the MessageKey type, and the
// other files have the same keys with the same {placeholders} (tests/unit/i18n.test.ts).
import en from '../../content/i18n/en.json';
import { DEFAULT_LANG, LANGS, languageOf, type Lang } from './i18n-langs.ts';

export type MessageKey = keyof typeof en;
type Messages = Partial<Record<MessageKey, string>>;

const files = import.meta.glob<Messages>('../../content/i18n/*.json', { eager: true, import: 'default' });

function messagesOf(lang: Lang): Messages {
  const messages = files[`../../content/i18n/${lang}.json`];
  if (!messages) throw new Error(`content/i18n/${lang}.json is missing: every language of content/languages.json needs its UI strings file.`);
  return messages;
}

export const MESSAGES: Readonly<Record<Lang, Messages>> = Object.fromEntries(LANGS.map((lang) => [lang, messagesOf(lang)]));

/** Looks up a UI string and fills {placeholders}. Falls back to English, then to the key. */
export function t(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const template = MESSAGES[lang]?.[key] ?? en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

/** A translator bound to one language, for components. */
export function translator(lang: Lang) {
  return (key: MessageKey, vars?: Record<string, string | number>) => t(lang, key, vars);
}

/** Each language's own name, for the language switcher. */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = Object.fromEntries(LANGS.map((lang) => [lang, languageOf(lang).name]));

export { LANGS, DEFAULT_LANG, type Lang };
