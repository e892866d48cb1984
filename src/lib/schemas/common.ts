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

export const optionalUrl = z
  .union([z.literal(''), z.httpUrl('Must be a valid URL (https://...)')])
  .nullish()
  .transform((v) => (v ? v : null));

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
