// Products (Gmail, Proton Mail …): one set of field rules for the import file, the admin API and the
// admin form. The file names the product's subcategory and alternatives by slug; the API and the form
// use ids, and send alternative links as a diff (add/remove), so a save never undoes a link someone
// else made meanwhile. Decision facts are null when unknown (docs/data-model.md, "Products").
import { z } from 'zod';
import { HOSTING_REGIONS, PLATFORMS, PRICING_MODELS, RECORD_STATUSES } from '../../../db/enums.ts';
import { LANGS } from '../i18n-langs.ts';
import { translationsSchema } from '../translations.ts';
import { LIST_LIMITS, idSchema, limitedArray, nameSchema, slugSchema, today, urlOrEmpty } from './common.ts';
import { sourceSchema, type SourceInput } from './facts.ts';

export const PRODUCT_LIMITS = { name: 200, description: 2000, alias: 100, aliasesPerLang: 30, licence: 100, price: 100_000, sources: 50, alternatives: 200 } as const;

/** Unknown (null or omitted) stays null; `false` is a verified "no". */
const optionalBool = (label: string) =>
  z
    .boolean({ error: `${label} must be yes, no or unknown` })
    .nullish()
    .transform((v) => v ?? null);

/** A list of codes from `values` (duplicates dropped); null: unknown. */
const codeList = (values: readonly string[], label: string) =>
  z
    .array(z.enum(values as [string, ...string[]], `${label} must be one of: ${values.join(', ')}`))
    .max(values.length)
    .nullish()
    .transform((v) => (v ? [...new Set(v)] : null));

const aliasList = z
  .array(
    z
      .string({ error: 'An alias must be text' })
      .trim()
      .min(1, 'An alias cannot be empty')
      .max(PRODUCT_LIMITS.alias, `An alias is too long (at most ${PRODUCT_LIMITS.alias} characters)`),
  )
  .max(PRODUCT_LIMITS.aliasesPerLang, `At most ${PRODUCT_LIMITS.aliasesPerLang} aliases per language`);

export const productSourcesSchema = z.array(sourceSchema).max(PRODUCT_LIMITS.sources, `At most ${PRODUCT_LIMITS.sources} sources per product`);

/** The fields every form of a product shares (file, API, admin form). */
const productShape = {
  name: nameSchema,
  slug: slugSchema,
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(PRODUCT_LIMITS.description, `Description is too long (at most ${PRODUCT_LIMITS.description.toLocaleString('en')} characters)`)
    .default(''),
  translations: translationsSchema({ name: PRODUCT_LIMITS.name, description: PRODUCT_LIMITS.description }),
  /** per language: what people type to find it */
  aliases: z
    .partialRecord(z.enum(LANGS, `Aliases are per language: ${LANGS.join(', ')}`), aliasList)
    // Only the languages given: { de: [...] }, never a key without a list.
    .transform((byLang) => Object.fromEntries(Object.entries(byLang).flatMap(([lang, list]) => (list ? [[lang, list]] : []))))
    .default({}),
  website_url: urlOrEmpty('Website must be a valid URL'),
  pricing: z
    .enum(PRICING_MODELS, `Pricing must be one of: ${PRICING_MODELS.join(', ')}`)
    .nullish()
    .transform((v) => v ?? null),
  /** cheapest paid plan per month in EUR, where public */
  price_from_eur: z
    .number({ error: 'Cheapest plan must be a number of euros' })
    .min(0, 'Cheapest plan must be 0 or more')
    .max(PRODUCT_LIMITS.price, `Cheapest plan must be at most ${PRODUCT_LIMITS.price.toLocaleString('en')} €`)
    .nullish()
    .transform((v) => v ?? null),
  /** SPDX licence id when open source, "" when not, null unknown */
  licence: z
    .string({ error: 'Licence must be text' })
    .trim()
    .max(PRODUCT_LIMITS.licence, `Licence is too long (at most ${PRODUCT_LIMITS.licence} characters)`)
    .nullish()
    .transform((v) => v ?? null),
  self_hostable: optionalBool('Self-hostable'),
  platforms: codeList(PLATFORMS, 'Platform'),
  e2ee: optionalBool('End-to-end encryption'),
  data_location: z
    .enum(HOSTING_REGIONS, `Data location must be one of: ${HOSTING_REGIONS.join(', ')}`)
    .nullish()
    .transform((v) => v ?? null),
  interface_languages: z
    .array(
      z
        .string({ error: 'A language must be a code like en' })
        .trim()
        .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Interface languages are language codes such as en, de, fr or pt-BR'),
    )
    .max(100, 'At most 100 interface languages')
    .nullish()
    .transform((v) => v ?? null),
  status: z.enum(RECORD_STATUSES, 'Status must be published or draft').default('published'),
};

/** One product in the import/export file (nested in its company's record). */
export const productRecordSchema = z.object({
  ...productShape,
  /** slug of a subcategory */
  subcategory: slugSchema.nullish().transform((v) => v ?? null),
  sources: productSourcesSchema.default([]),
  /** products this one can be replaced with: { product: slug, can_import } */
  alternatives: z
    .array(z.object({ product: slugSchema, can_import: optionalBool('Can import') }))
    .max(PRODUCT_LIMITS.alternatives, `At most ${PRODUCT_LIMITS.alternatives} alternatives per product`)
    .default([]),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;

const alternativeLink = z.object({ product_id: idSchema, can_import: optionalBool('Can import') });

function uniqueIds(message: string) {
  return (list: { product_id: number }[] | number[], ctx: z.RefinementCtx) => {
    const seen = new Set<number>();
    list.forEach((item, i) => {
      const id = typeof item === 'number' ? item : item.product_id;
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i], message });
      seen.add(id);
    });
  };
}

/**
 * Alternative links to change: `add` makes or updates a link (with its can_import), `remove` drops one;
 * links not named stay as they are.
 */
export const productLinkDiffSchema = z
  .object({
    add: limitedArray(alternativeLink, LIST_LIMITS.alternatives, 'links to add')
      .superRefine(uniqueIds('Product listed twice'))
      .default([]),
    remove: limitedArray(idSchema, LIST_LIMITS.alternatives, 'links to remove').default([]),
  })
  .superRefine((d, ctx) => {
    const added = new Set(d.add.map((a) => a.product_id));
    d.remove.forEach((id, i) => {
      if (added.has(id)) ctx.addIssue({ code: 'custom', path: ['remove', i], message: 'A link cannot be added and removed at once' });
    });
  });

const idShape = {
  company_id: z.number({ error: 'Company is required' }).int('Company is required').positive('Company is required'),
  subcategory_id: idSchema.nullish().transform((v) => v ?? null),
};

/** The API input (POST and PUT /api/admin/products). Omitted sources or alternatives stay as stored. */
export const productInputSchema = z.object({
  ...productShape,
  ...idShape,
  sources: productSourcesSchema.optional(),
  alternatives: productLinkDiffSchema.optional(),
});

/** The product form: the same fields, with the alternative links as the list the editor sees. */
export const productFormSchema = z.object({
  ...productShape,
  ...idShape,
  sources: productSourcesSchema,
  alternatives: limitedArray(alternativeLink, LIST_LIMITS.alternatives, 'alternatives').superRefine(uniqueIds('Product listed twice')),
});

export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;
export type ProductLink = z.output<typeof alternativeLink>;

/** What to add (new links, or a changed can_import) and remove to get from the links read to the links wanted. */
export function productLinkDiff(before: readonly ProductLink[], after: readonly ProductLink[]): { add: ProductLink[]; remove: number[] } {
  const was = new Map(before.map((l) => [l.product_id, l.can_import]));
  const is = new Set(after.map((l) => l.product_id));
  return {
    add: after.filter((l) => !was.has(l.product_id) || was.get(l.product_id) !== l.can_import),
    remove: [...was.keys()].filter((id) => !is.has(id)),
  };
}

/** The form's values as the API's input: the alternatives become a diff against the links loaded. */
export function productFormToInput(v: ProductFormValues, loaded: readonly ProductLink[]): ProductValues {
  return { ...v, alternatives: productLinkDiff(loaded, v.alternatives) };
}

/** Defaults of a new product form (facts unknown until someone checks them). */
export function productFormDefaults(companyId?: number): ProductFormInput {
  return {
    company_id: companyId ?? Number.NaN,
    subcategory_id: null,
    name: '',
    slug: '',
    description: '',
    translations: {},
    aliases: {},
    website_url: '',
    pricing: null,
    price_from_eur: null,
    licence: null,
    self_hostable: null,
    platforms: null,
    e2ee: null,
    data_location: null,
    interface_languages: null,
    status: 'published',
    sources: [],
    alternatives: [],
  };
}

/** A new source row of a product: supports product facts, checked today. */
export function newProductSource(now: Date = new Date()): SourceInput {
  return { url: '', title: '', facts: ['product'], verified_at: today(now) };
}
