// The import/export file formats (SPEC section 3 "category export file", extended with translations,
// certifications, fines and alternatives). Seeding uses the same formats and the same import code.
// Every field uses the rule of the same field in the forms (category.ts, certificate.ts, company.ts):
// what a form refuses, an import refuses too. The differences are about the file format only:
// records name their category, certifications and alternatives instead of ids, a fine's amount may be
// a decimal string (SPEC), a missing status or currency takes its default, and founded_year may be
// missing (older records have none).
import { z } from 'zod';
import { CERTIFICATION_STATUSES, ICON_TYPES } from '../../../db/enums.ts';
import { categoryImageSchema } from './category.ts';
import { certificateDescriptionSchema } from './certificate.ts';
import { LIST_LIMITS, currencySchema, dateSchema, limitedArray, nameSchema, optionalDate, optionalText, requiredDate, slugSchema, urlOrEmpty } from './common.ts';
import {
  companyDescriptionSchema,
  employeeCountSchema,
  fineAmountSchema,
  fineDescriptionSchema,
  foundedYearSchema,
  scoreSchema,
  uniqueBy,
} from './company.ts';

/** SPEC: "a fine's amount is parsed as a number": a plain decimal string only (not "0x10", "1e1", ""). */
const amountInFile = z.preprocess((v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), fineAmountSchema);

export const subcategoryRecordSchema = z.object({
  name: nameSchema,
  slug: slugSchema,
  name_de: optionalText,
  name_fr: optionalText,
});

export const categoryRecordSchema = z.object({
  name: nameSchema,
  slug: slugSchema,
  image_url: categoryImageSchema,
  name_de: optionalText,
  name_fr: optionalText,
  subcategories: limitedArray(subcategoryRecordSchema, LIST_LIMITS.subcategories, 'subcategories').default([]),
});

export const certificateRecordSchema = z.object({
  name: nameSchema,
  description: certificateDescriptionSchema,
  description_de: optionalText,
  description_fr: optionalText,
  icon_type: z.enum(ICON_TYPES, 'Icon type must be one of green, blue, purple, orange, red'),
});

export const companyCertificationRecordSchema = z.object({
  name: nameSchema,
  status: z.enum(CERTIFICATION_STATUSES, 'Status must be one of Verified, Certified, Compliant, Pending').default('Verified'),
  valid_from: requiredDate('Valid from is required'),
  valid_until: optionalDate,
  link: urlOrEmpty('Link must be a valid URL'),
});

export const fineRecordSchema = z.object({
  amount: amountInFile,
  currency: currencySchema,
  date: requiredDate('Date is required'),
  description: fineDescriptionSchema,
  description_de: optionalText,
  description_fr: optionalText,
  announcement_url: urlOrEmpty('Announcement URL must be a valid URL'),
});

export const alternativeRecordSchema = z.object({
  slug: slugSchema,
  sustainability_score: scoreSchema,
});

export const companyRecordSchema = z.object({
  name: nameSchema,
  slug: slugSchema,
  country: z.string({ error: 'Country is required' }).trim().toUpperCase().length(2, 'Country must be a two-letter code'),
  website_url: urlOrEmpty('Website must be a valid URL'),
  category: nameSchema,
  /** names within the category; unknown names are skipped (SPEC) */
  subcategories: limitedArray(z.string().trim().max(200, 'Name is too long'), LIST_LIMITS.companySubcategories, 'subcategories').default([]),
  founded_year: foundedYearSchema.nullish().transform((v) => v ?? null),
  headquarters: optionalText,
  employee_count: employeeCountSchema,
  is_unicorn: z.boolean().default(false),
  double_irish: z.boolean().default(false),
  sustainable: z.boolean().default(false),
  logo_url: urlOrEmpty('Logo URL must be a valid URL'),
  description: companyDescriptionSchema,
  description_de: optionalText,
  description_fr: optionalText,
  created_at: z
    .string()
    .trim()
    .max(40, 'Must be a date and time')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a date and time')
    .nullish(),
  certifications: limitedArray(companyCertificationRecordSchema, LIST_LIMITS.certifications, 'certifications')
    .default([])
    .superRefine(uniqueBy((c) => c.name.toLowerCase(), 'Each certification can be added once')),
  eu_fines: limitedArray(fineRecordSchema, LIST_LIMITS.fines, 'fines').default([]),
  alternatives: limitedArray(alternativeRecordSchema, LIST_LIMITS.alternatives, 'alternatives')
    .optional()
    .superRefine(uniqueBy((a) => a.slug, 'Alternative listed twice')),
});

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
