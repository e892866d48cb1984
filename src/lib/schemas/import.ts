// The import/export file formats: categories, certificates, countries and companies (with their
// ownership, sources, certifications, fines, products and alternatives). Translated text sits in
// `translations` ({ de: {…}, fr: {…} }). Seeding uses the same formats and the same import code.
// Every field uses the rule of the same field in the forms (category.ts, certificate.ts, company.ts,
// facts.ts): what a form refuses, an import refuses too. The differences are about the file format
// only: records name their category, certifications and alternatives instead of ids, and a fine's
// amount may be a decimal string (docs/data-model.md, "Import and export").
import { z } from 'zod';
import { CERTIFICATION_STATUSES, ICON_TYPES } from '../../../db/enums.ts';
import { translationsSchema } from '../translations.ts';
import { categoryImageSchema, nameTranslations } from './category.ts';
import { certificateDescriptionSchema } from './certificate.ts';
import { LIST_LIMITS, dateSchema, limitedArray, nameSchema, optionalDate, optionalInt, optionalText, requiredDate, slugSchema, urlOrEmpty } from './common.ts';
import { checkOwnership, companyTranslationsSchema, fineSchema, ownershipShape, sourceSchema } from './facts.ts';
import { productRecordSchema } from './product.ts';

/** A fine's amount may be a number or a plain decimal string (not "0x10", "1e1", ""). */
const fineInFile = z.preprocess(
  (v) =>
    v && typeof v === 'object' && typeof (v as { amount?: unknown }).amount === 'string' && /^\s*\d+(\.\d+)?\s*$/.test((v as { amount: string }).amount)
      ? { ...v, amount: Number((v as { amount: string }).amount) }
      : v,
  fineSchema,
);

export const subcategoryRecordSchema = z.object({
  name: nameSchema,
  slug: slugSchema,
  translations: nameTranslations,
});

export const categoryRecordSchema = z.object({
  name: nameSchema,
  slug: slugSchema,
  image_url: categoryImageSchema,
  translations: nameTranslations,
  subcategories: limitedArray(subcategoryRecordSchema, LIST_LIMITS.subcategories, 'subcategories').default([]),
});

export const certificateRecordSchema = z.object({
  name: nameSchema,
  description: certificateDescriptionSchema,
  translations: translationsSchema({ description: 2000 }),
  icon_type: z.enum(ICON_TYPES, 'Icon type must be one of green, blue, purple, orange, red'),
});

export const companyCertificationRecordSchema = z.object({
  name: nameSchema,
  status: z.enum(CERTIFICATION_STATUSES, 'Status must be one of Verified, Certified, Compliant, Pending').default('Verified'),
  valid_from: requiredDate('Valid from is required'),
  valid_until: optionalDate,
  link: urlOrEmpty('Link must be a valid URL'),
});

export const alternativeRecordSchema = z.object({
  slug: slugSchema,
});

// Products have their own module (the API and the form share its rules).
export { productRecordSchema, type ProductRecord } from './product.ts';

export const companyRecordSchema = z
  .object({
    name: nameSchema,
    slug: slugSchema,
    country: z.string().trim().toUpperCase().length(2, 'Country must be a two-letter code'),
    website_url: urlOrEmpty('Website must be a valid URL'),
    category: nameSchema,
    subcategories: limitedArray(z.string().trim(), LIST_LIMITS.companySubcategories, 'subcategories').default([]),
    founded_year: optionalInt('Founded year', 1000, 2100, 'Founded year must be a year (e.g. 1999)'),
    headquarters: optionalText,
    employee_count: optionalInt('Employee count', 0, 10_000_000, 'Employee count must be 0 or more'),
    is_unicorn: z.boolean().default(false),
    double_irish: z.boolean().default(false),
    sustainable: z.boolean().default(false),
    logo_url: urlOrEmpty('Logo URL must be a valid URL'),
    description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(5000, 'Description is too long'),
    translations: companyTranslationsSchema,
    ...ownershipShape,
    created_at: z.string().nullish(),
    sources: z.array(sourceSchema).max(50, 'At most 50 sources per company').default([]),
    certifications: limitedArray(companyCertificationRecordSchema, LIST_LIMITS.certifications, 'certifications').default([]),
    eu_fines: limitedArray(fineInFile, LIST_LIMITS.fines, 'fines').default([]),
    alternatives: limitedArray(alternativeRecordSchema, LIST_LIMITS.alternatives, 'alternatives').optional(),
    products: z.array(productRecordSchema).max(100, 'At most 100 products per company').default([]),
  })
  .superRefine(checkOwnership);

export type CategoryRecord = z.infer<typeof categoryRecordSchema>;
export type CertificateRecord = z.infer<typeof certificateRecordSchema>;
export type CompanyRecord = z.infer<typeof companyRecordSchema>;
export type CompanyRecordInput = z.input<typeof companyRecordSchema>;

export const countryRecordSchema = z.object({
  code: z.string().trim().toUpperCase().length(2),
  corporate_tax_rate: z.number().min(0).max(100),
  population: z.number().int().min(0),
  is_eu_member: z.boolean(),
  joined_date: dateSchema.nullish().transform((v) => v ?? null),
});
export type CountryRecord = z.infer<typeof countryRecordSchema>;
