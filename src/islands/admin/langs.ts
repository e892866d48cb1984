// The languages a record is translated into (every site language but English), with their English
// names for labels. Forms loop over this list, so a new language needs no form change.
import type { FieldPath, FieldValues } from 'react-hook-form';
import { TRANSLATED_LANGS } from '../../lib/translations.ts';

const names = new Intl.DisplayNames(['en'], { type: 'language' });

export const TRANSLATIONS: { code: string; name: string }[] = TRANSLATED_LANGS.map((code) => ({ code, name: names.of(code) ?? code }));

/** The form path of one translated field, e.g. "translations.de.description" or "eu_fines.0.translations.fr.description". */
export function translationPath<T extends FieldValues>(prefix: string, lang: string, field: string): FieldPath<T> {
  return `${prefix ? `${prefix}.` : ''}translations.${lang}.${field}` as FieldPath<T>;
}

/** The message of a translated field's error, from the form's (loosely typed) errors. */
export function translationError(errors: unknown, lang: string, field: string): string | undefined {
  const e = (errors as { translations?: Record<string, Record<string, { message?: string }> | undefined> } | undefined)?.translations?.[lang]?.[field];
  return e?.message;
}
