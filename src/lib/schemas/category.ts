// The category form and API input (SPEC section 5: name and slug required, image URL must be a URL,
// https or a path on this site, each subcategory needs a name and a slug).
import { z } from 'zod';
import { LIST_LIMITS, idSchema, imageUrlOrPath, limitedArray, nameSchema, optionalText, slugSchema } from './common.ts';

/** Shared with the import file format. */
export const categoryImageSchema = imageUrlOrPath('Image URL must be an https URL or a path on this site (/images/...)');

export const subcategoryInputSchema = z.object({
  /** present for an existing subcategory (rename), absent for a new one */
  id: idSchema.optional(),
  name: nameSchema,
  slug: slugSchema,
  name_de: optionalText,
  name_fr: optionalText,
});

export const categoryInputSchema = z
  .object({
    name: nameSchema,
    slug: slugSchema,
    name_de: optionalText,
    name_fr: optionalText,
    // An https URL or a path on this site (the built-in images live under /images/categories/).
    image_url: categoryImageSchema,
    /** The complete list: listed ones are kept or added, existing ones not listed are removed. Omit to leave them unchanged. */
    subcategories: limitedArray(subcategoryInputSchema, LIST_LIMITS.subcategories, 'subcategories').optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Map<string, number>();
    v.subcategories?.forEach((s, i) => {
      if (seen.has(s.slug)) ctx.addIssue({ code: 'custom', path: ['subcategories', i, 'slug'], message: 'Each subcategory needs its own slug' });
      seen.set(s.slug, i);
    });
  });

export type SubcategoryInput = z.input<typeof subcategoryInputSchema>;
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryValues = z.output<typeof categoryInputSchema>;
