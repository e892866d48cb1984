// The company form and API input (SPEC section 5). Field names follow the import/export format.
// Link lists (subcategories, certifications, fines, alternatives) are complete lists that replace the
// stored ones; an omitted list leaves the stored one unchanged.
import { z } from 'zod';
import { CERTIFICATION_STATUSES } from '../../../db/enums.ts';
import { countryByCode } from '../countries.ts';
import {
  LIST_LIMITS,
  currencySchema,
  idSchema,
  limitedArray,
  nameSchema,
  optionalDate,
  optionalText,
  requiredDate,
  requiredNumber,
  slugSchema,
  today,
  urlOrEmpty,
} from './common.ts';

export { CERTIFICATION_STATUSES };
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

/** True when v has at most two decimals (amount step 0.01), allowing for binary floating point. */
function isCents(v: number): boolean {
  return Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
}

// Field rules shared with the import file format (src/lib/schemas/import.ts): one rule per field.
export const fineAmountSchema = requiredNumber('Amount is required', 'Amount must be a number')
  .min(0, 'Amount must be 0 or more')
  .max(1e15, 'Amount is too large')
  .refine(isCents, 'Amount must have at most two decimals');
export const fineDescriptionSchema = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(2000, 'Description is too long');
export const companyDescriptionSchema = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(5000, 'Description is too long');
export const foundedYearSchema = requiredNumber('Founded year is required', 'Founded year must be a number')
  .int('Founded year must be a whole number')
  .min(1000, 'Founded year must be a year (e.g. 1999)')
  .max(2100, 'Founded year must be a year (e.g. 1999)');
export const employeeCountSchema = z
  .number({ error: 'Employee count must be a number' })
  .int('Employee count must be a whole number')
  .min(0, 'Employee count must be 0 or more')
  .max(Number.MAX_SAFE_INTEGER, 'Employee count is too large')
  .nullish()
  .transform((v) => v ?? null);
/** 0 to 100; null or omitted: computed from what we know about the alternative */
export const scoreSchema = z
  .number({ error: 'Score must be a number' })
  .int('Score must be a whole number')
  .min(0, 'Score must be between 0 and 100')
  .max(100, 'Score must be between 0 and 100')
  .nullish()
  .transform((v) => v ?? null);

export const companyCertificationInputSchema = z.object({
  certification_id: idSchema,
  status: z.enum(CERTIFICATION_STATUSES, 'Status is required'),
  valid_from: requiredDate('Valid from is required'),
  valid_until: optionalDate,
  link: urlOrEmpty('Link must be a valid URL'),
});

export const fineInputSchema = z.object({
  amount: fineAmountSchema,
  currency: currencySchema,
  date: requiredDate('Date is required'),
  description: fineDescriptionSchema,
  description_de: optionalText,
  description_fr: optionalText,
  announcement_url: urlOrEmpty('Announcement URL must be a valid URL'),
});

export const alternativeInputSchema = z.object({
  company_id: idSchema,
  sustainability_score: scoreSchema,
});

export function uniqueBy<T>(key: (item: T) => unknown, message: string) {
  return (list: T[] | undefined, ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    list?.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message });
      seen.add(k);
    });
  };
}

export const companyInputSchema = z.object({
  name: nameSchema,
  slug: slugSchema,
  category_id: requiredNumber('Category is required').int('Category is required').positive('Category is required'),
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .toUpperCase()
    .min(1, 'Country is required')
    .refine((code) => !!countryByCode(code), 'Unknown country code'),
  founded_year: foundedYearSchema,
  description: companyDescriptionSchema,
  description_de: optionalText,
  description_fr: optionalText,
  website_url: urlOrEmpty('Website must be a valid URL'),
  logo_url: urlOrEmpty('Logo URL must be a valid URL'),
  headquarters: optionalText,
  employee_count: employeeCountSchema,
  is_unicorn: z.boolean().default(false),
  double_irish: z.boolean().default(false),
  sustainable: z.boolean().default(false),
  /** must belong to the selected category */
  subcategory_ids: limitedArray(idSchema, LIST_LIMITS.companySubcategories, 'subcategories')
    .optional()
    .superRefine(uniqueBy((id) => id, 'Subcategory listed twice')),
  certifications: limitedArray(companyCertificationInputSchema, LIST_LIMITS.certifications, 'certifications')
    .optional()
    .superRefine(uniqueBy((c) => c.certification_id, 'Each certification can be added once')),
  eu_fines: limitedArray(fineInputSchema, LIST_LIMITS.fines, 'fines').optional(),
  /** companies that are alternatives to this one (this company -> alternative) */
  alternatives: limitedArray(alternativeInputSchema, LIST_LIMITS.alternatives, 'alternatives')
    .optional()
    .superRefine(uniqueBy((a) => a.company_id, 'Alternative listed twice')),
  /** companies this one is an alternative to (original -> this company) */
  alternative_to: limitedArray(alternativeInputSchema, LIST_LIMITS.alternatives, 'companies')
    .optional()
    .superRefine(uniqueBy((a) => a.company_id, 'Company listed twice')),
});

export type CompanyInput = z.input<typeof companyInputSchema>;
export type CompanyValues = z.output<typeof companyInputSchema>;
export type CompanyCertificationInput = z.input<typeof companyCertificationInputSchema>;
export type FineInput = z.input<typeof fineInputSchema>;

/** SPEC section 5 defaults of a new company form. */
export function companyFormDefaults(now: Date = new Date()): CompanyInput {
  return {
    name: '',
    slug: '',
    category_id: Number.NaN,
    country: '',
    founded_year: now.getUTCFullYear(),
    description: '',
    website_url: '',
    logo_url: '',
    headquarters: '',
    employee_count: 0,
    is_unicorn: false,
    double_irish: false,
    sustainable: false,
    subcategory_ids: [],
    certifications: [],
    eu_fines: [],
    alternatives: [],
    alternative_to: [],
  };
}

/** SPEC section 4: a newly ticked certification is Verified from today, without end date or link. */
export function newCertification(certificationId: number, now: Date = new Date()): CompanyCertificationInput {
  return { certification_id: certificationId, status: 'Verified', valid_from: today(now), valid_until: '', link: '' };
}
