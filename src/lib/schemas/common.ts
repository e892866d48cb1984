// Small zod building blocks shared by the API, the importer and the admin forms.
import { z } from 'zod';

export const slugSchema = z
  .string()
  .trim()
  .min(1, 'Slug is required')
  .max(120, 'Slug is too long')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may contain only lowercase letters, digits and single hyphens');

export const nameSchema = z.string().trim().min(1, 'Name is required').max(200, 'Name is too long');

/** An optional translation: empty strings mean "fall back to English". */
export const optionalText = z
  .string()
  .trim()
  .max(5000, 'Text is too long')
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * The most entries of each list, in forms, API input and import files alike. Past these a save would
 * be one huge statement (a 500) or a page nobody can read; the limit answers 400 with a message.
 */
export const LIST_LIMITS = {
  subcategories: 200,
  companySubcategories: 100,
  certifications: 100,
  fines: 500,
  alternatives: 200,
  /** records in one import file (the body is at most 10 MB anyway) */
  importRecords: 20_000,
} as const;

/** A list of at most `max` entries, with a message naming the list. */
export function limitedArray<T extends z.ZodType>(item: T, max: number, what: string) {
  return z.array(item).max(max, `Too many ${what} (at most ${max})`);
}

/** A whole number that may stay empty, in forms and import files alike (null or omitted: unknown; the forms send null for an empty input). */
export function optionalInt(label: string, min: number, max: number, range: string) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, range)
    .max(max, range)
    .nullish()
    .transform((v) => v ?? null);
}

/** Accepts YYYY-MM-DD or any full ISO date-time and normalises to YYYY-MM-DD. */
export const dateSchema = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'Must be a date (YYYY-MM-DD)')
  .transform((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : new Date(v).toISOString().slice(0, 10)));

/** Turns a name into a slug: lowercase, non-alphanumerics become hyphens, hyphens trimmed. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A required number field. Forms that read number inputs with `valueAsNumber` send NaN for an empty
 * field, so NaN counts as missing and gets the "required" message.
 */
export function requiredNumber(required: string, invalid = required) {
  return z.number({
    error: (issue) => (issue.input === undefined || issue.input === null || Number.isNaN(issue.input) ? required : invalid),
  });
}

/** An optional absolute http(s) URL, trimmed; an empty string means "none" (stored as null). */
export function urlOrEmpty(message: string) {
  return z
    .string({ error: message })
    .trim()
    .pipe(z.union([z.literal(''), z.httpUrl(message).max(2000, 'URL is too long')], { error: message }))
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * An optional image: an https URL or a path on this site (e.g. /images/categories/beauty.svg). Not
 * http: the site's CSP (img-src 'self' https:) and browsers on an https page would block it. A path
 * starts with one "/" ("//host" and "/\\host" are other sites).
 */
export function imageUrlOrPath(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(2000, 'URL is too long')
    .refine((v) => v === '' || /^\/(?![/\\])\S*$/.test(v) || z.url({ protocol: /^https$/, hostname: z.regexes.domain }).safeParse(v).success, message)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A required date given as YYYY-MM-DD (or a full ISO date-time), normalised to YYYY-MM-DD. */
export function requiredDate(required: string) {
  return z.string({ error: required }).trim().min(1, required).pipe(dateSchema);
}

/** An optional date: empty or missing means null. */
export const optionalDate = z
  .union([z.literal(''), dateSchema], { error: 'Must be a date (YYYY-MM-DD)' })
  .nullish()
  .transform((v) => (v ? v : null));

/** A database id as sent by the forms. */
export const idSchema = z.number({ error: 'Must be an id' }).int('Must be an id').positive('Must be an id');

/** Today's date (UTC) as YYYY-MM-DD. */
export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
