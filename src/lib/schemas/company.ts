// The company form and API input. Field names follow the import/export format; ownership, sources and
// fines use the shared schemas of facts.ts (the importer uses the same ones).
// Lists (subcategories, certifications, sources, fines) are complete lists that replace the stored
// ones; an omitted list leaves the stored one unchanged. Alternative links are sent as a diff
// (add/remove), so a save never undoes a link someone else made meanwhile.
import { z } from 'zod';
import { CERTIFICATION_STATUSES } from '../../../db/enums.ts';
import { countryByCode } from '../countries.ts';
import { LIST_LIMITS, idSchema, limitedArray, nameSchema, optionalDate, optionalInt, optionalText, requiredDate, requiredNumber, slugSchema, today, urlOrEmpty } from './common.ts';
import { checkOwnership, companyTranslationsSchema, fineSchema, ownershipShape, sourceSchema, type FineInput, type SourceInput } from './facts.ts';

export { CERTIFICATION_STATUSES };
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];
export type { FineInput, SourceInput };

export const companyCertificationInputSchema = z.object({
  certification_id: idSchema,
  status: z.enum(CERTIFICATION_STATUSES, 'Status is required'),
  valid_from: requiredDate('Valid from is required'),
  valid_until: optionalDate,
  link: urlOrEmpty('Link must be a valid URL'),
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

const companyShape = {
  name: nameSchema,
  slug: slugSchema,
  category_id: requiredNumber('Category is required').int('Category is required').positive('Category is required'),
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .toUpperCase()
    .min(1, 'Country is required')
    .refine((code) => !!countryByCode(code), 'Unknown country code'),
  /** unknown for some companies: empty is fine */
  founded_year: optionalInt('Founded year', 1000, 2100, 'Founded year must be a year (e.g. 1999)'),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(5000, 'Description is too long'),
  translations: companyTranslationsSchema,
  website_url: urlOrEmpty('Website must be a valid URL'),
  logo_url: urlOrEmpty('Logo URL must be a valid URL'),
  headquarters: optionalText,
  employee_count: optionalInt('Employee count', 0, 10_000_000, 'Employee count must be 0 or more'),
  is_unicorn: z.boolean().default(false),
  double_irish: z.boolean().default(false),
  sustainable: z.boolean().default(false),
  ...ownershipShape,
  sources: z.array(sourceSchema).max(50, 'At most 50 sources per company').optional(),
  /** must belong to the selected category */
  subcategory_ids: limitedArray(idSchema, LIST_LIMITS.companySubcategories, 'subcategories')
    .optional()
    .superRefine(uniqueBy((id) => id, 'Subcategory listed twice')),
  certifications: limitedArray(companyCertificationInputSchema, LIST_LIMITS.certifications, 'certifications')
    .optional()
    .superRefine(uniqueBy((c) => c.certification_id, 'Each certification can be added once')),
  eu_fines: limitedArray(fineSchema, LIST_LIMITS.fines, 'fines').optional(),
};

/** Links to add and to remove; links not named stay as they are. */
export const linkDiffSchema = z
  .object({
    add: limitedArray(idSchema, LIST_LIMITS.alternatives, 'links to add').default([]),
    remove: limitedArray(idSchema, LIST_LIMITS.alternatives, 'links to remove').default([]),
  })
  .superRefine((d, ctx) => {
    const added = new Set(d.add);
    d.remove.forEach((id, i) => {
      if (added.has(id)) ctx.addIssue({ code: 'custom', path: ['remove', i], message: 'A link cannot be added and removed at once' });
    });
  });

/** The API input of a company (POST and PUT). */
export const companyInputSchema = z
  .object({
    ...companyShape,
    /** companies that are alternatives to this one (this company -> alternative) */
    alternatives: linkDiffSchema.optional(),
    /** companies this one is an alternative to (original -> this company) */
    alternative_to: linkDiffSchema.optional(),
  })
  .superRefine(checkOwnership);

const linkList = limitedArray(z.object({ company_id: idSchema }), LIST_LIMITS.alternatives, 'links')
  .superRefine(uniqueBy((a: { company_id: number }) => a.company_id, 'Company listed twice'));

/** The company form: the same fields, with the alternative links as the lists the editor sees. */
export const companyFormSchema = z
  .object({ ...companyShape, alternatives: linkList, alternative_to: linkList })
  .superRefine(checkOwnership);

export type CompanyInput = z.input<typeof companyInputSchema>;
export type CompanyValues = z.output<typeof companyInputSchema>;
export type CompanyFormInput = z.input<typeof companyFormSchema>;
export type CompanyFormValues = z.output<typeof companyFormSchema>;
export type CompanyCertificationInput = z.input<typeof companyCertificationInputSchema>;

/** What to add and remove to get from the links read to the links wanted. */
export function linkDiff(before: readonly number[], after: readonly number[]): { add: number[]; remove: number[] } {
  const was = new Set(before);
  const is = new Set(after);
  return { add: [...is].filter((id) => !was.has(id)), remove: [...was].filter((id) => !is.has(id)) };
}

/** The form's values as the API's input: link lists become diffs against the lists that were loaded. */
export function formToInput(v: CompanyFormValues, loaded: { alternatives: number[]; alternative_to: number[] }): CompanyValues {
  return {
    ...v,
    alternatives: linkDiff(loaded.alternatives, v.alternatives.map((a) => a.company_id)),
    alternative_to: linkDiff(loaded.alternative_to, v.alternative_to.map((a) => a.company_id)),
  };
}

/** Defaults of a new company form: facts we do not know yet stay empty. */
export function companyFormDefaults(): CompanyFormInput {
  return {
    name: '',
    slug: '',
    category_id: Number.NaN,
    country: '',
    founded_year: null,
    description: '',
    translations: {},
    website_url: '',
    logo_url: '',
    headquarters: '',
    employee_count: null,
    is_unicorn: false,
    double_irish: false,
    sustainable: false,
    legal_name: '',
    owner_kind: '',
    owner_name: '',
    owner_country: '',
    owner_since: null,
    hosting: '',
    status: 'published',
    sources: [],
    subcategory_ids: [],
    certifications: [],
    eu_fines: [],
    alternatives: [],
    alternative_to: [],
  };
}

/** A newly ticked certification is Verified from today, without end date or link. */
export function newCertification(certificationId: number, now: Date = new Date()): CompanyCertificationInput {
  return { certification_id: certificationId, status: 'Verified', valid_from: today(now), valid_until: '', link: '' };
}

/** A new source row: checked today. */
export function newSource(now: Date = new Date()): SourceInput {
  return { url: '', title: '', facts: [], verified_at: today(now) };
}

/** A new fine row: in force, by the European Commission, checked today. */
export function newFine(now: Date = new Date()): FineInput {
  return {
    body: 'European Commission',
    kind: 'antitrust',
    amount: Number.NaN,
    current_amount: null,
    status: 'in_force',
    currency: 'EUR',
    date: '',
    description: '',
    translations: {},
    announcement_url: '',
    status_url: '',
    verified_at: today(now),
  };
}
