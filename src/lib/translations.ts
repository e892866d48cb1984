// Translatable text as data: English lives in a record's plain fields, every other language in its
// `translations` object ({ de: { description: '…' }, fr: { … } }). Adding a language adds keys here,
// never columns. One reader (localizedField) and one validator (translationsSchema) for every table.
import { z } from 'zod';
import { DEFAULT_LANG, LANGS } from './i18n-langs.ts';

export type Translations<F extends string = string> = Record<string, Partial<Record<F, string | null>> | null | undefined>;

/** The languages that get translations (every language but the source language). */
export const TRANSLATED_LANGS = LANGS.filter((l) => l !== DEFAULT_LANG);

/** The text of `field` in `lang`, falling back to English (the plain field) when missing or empty. */
export function localizedField<F extends string>(
  record: { translations?: Translations<F> | null } & Partial<Record<F, unknown>>,
  field: F,
  lang: string,
): string {
  const own = lang === DEFAULT_LANG ? undefined : record.translations?.[lang]?.[field];
  if (typeof own === 'string' && own.trim()) return own;
  const en = record[field];
  return typeof en === 'string' ? en : '';
}

/** The translated text only (no fallback): for forms and exports. */
export function translationOf<F extends string>(translations: Translations<F> | null | undefined, lang: string, field: F): string | null {
  const v = translations?.[lang]?.[field];
  return typeof v === 'string' && v.trim() ? v : null;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Text is too long (at most ${max} characters)`)
    .nullish()
    .transform((v) => (v ? v : undefined));

/**
 * Validates a translations object for the given fields and their maximum lengths. Unknown languages
 * and fields are refused with a message; empty texts are dropped (they mean "use English").
 */
export function translationsSchema<F extends string>(fields: Record<F, number>) {
  const shape = Object.fromEntries(Object.entries(fields).map(([f, max]) => [f, text(max as number)])) as Record<F, ReturnType<typeof text>>;
  const perLang = z.strictObject(shape, { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')}` : undefined) }).nullish();
  const langShape = Object.fromEntries(TRANSLATED_LANGS.map((l) => [l, perLang]));
  return z
    .strictObject(langShape, { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown language: ${i.keys.join(', ')}` : undefined) })
    .nullish()
    .transform((v) => {
      const out: Record<string, Partial<Record<F, string>>> = {};
      for (const [lang, fieldsOfLang] of Object.entries(v ?? {})) {
        if (!fieldsOfLang) continue;
        const kept = Object.fromEntries(Object.entries(fieldsOfLang).filter(([, t]) => typeof t === 'string' && t)) as Partial<Record<F, string>>;
        if (Object.keys(kept).length) out[lang] = kept;
      }
      return out;
    });
}
