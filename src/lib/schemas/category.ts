// The category form and API input (name and slug required, image URL must be a URL,
// https or a path on this site, each subcategory needs a name and a slug). Names and slugs in other
// languages sit in `translations` ({ de: { name, slug } }): the localized public URLs use those slugs.
import { z } from 'zod';
import { translationsSchema } from '../translations.ts';
import { LIST_LIMITS, idSchema, imageUrlOrPath, limitedArray, nameSchema, slugSchema } from './common.ts';

/** Shared with the import file format. */
export const categoryImageSchema = imageUrlOrPath('Image URL must be an https URL or a path on this site (/images/...)');

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = 'Slug may contain only lowercase letters, digits and single hyphens';

/** Names and slugs per language; a translated slug follows the same rules as the English one. */
export const nameTranslations = translationsSchema({ name: 200, slug: 120 }).superRefine((tr, ctx) => {
  for (const [lang, fields] of Object.entries(tr)) {
    if (fields.slug !== undefined && !SLUG_PATTERN.test(fields.slug)) ctx.addIssue({ code: 'custom', path: [lang, 'slug'], message: SLUG_MESSAGE });
  }
});

export const subcategoryInputSchema = z.object({
  /** present for an existing subcategory (rename), absent for a new one */
  id: idSchema.optional(),
  name: nameSchema,
  slug: slugSchema,
  translations: nameTranslations,
});

export const categoryInputSchema = z
  .object({
    name: nameSchema,
    slug: slugSchema,
    translations: nameTranslations,
    // An https URL or a path on this site (the built-in images live under /images/categories/).
    image_url: categoryImageSchema,
    /** The complete list: listed ones are kept or added, existing ones not listed are removed. Omit to leave them unchanged. */
    subcategories: limitedArray(subcategoryInputSchema, LIST_LIMITS.subcategories, 'subcategories').optional(),
  })
  .superRefine((v, ctx) => {
    // Slugs are unique among the subcategories, in English and in each language.
    const seen = new Map<string, number>();
    v.subcategories?.forEach((s, i) => {
      if (seen.has(s.slug)) ctx.addIssue({ code: 'custom', path: ['subcategories', i, 'slug'], message: 'Each subcategory needs its own slug' });
      seen.set(s.slug, i);
      for (const [lang, fields] of Object.entries(s.translations)) {
        if (!fields.slug) continue;
        const key = `${lang}:${fields.slug}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['subcategories', i, 'translations', lang, 'slug'], message: 'Each subcategory needs its own slug' });
        seen.set(key, i);
      }
    });
  });

export type SubcategoryInput = z.input<typeof subcategoryInputSchema>;
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryValues = z.output<typeof categoryInputSchema>;
