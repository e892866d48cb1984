// Schemas of the evidence-bearing parts of a company (ownership, sources, fines), shared by the admin
// API, its forms and the importer, so that all three accept exactly the same values.
import { z } from 'zod';
import { FINE_KINDS, FINE_STATUSES, HOSTING_REGIONS, OWNER_KINDS, RECORD_STATUSES, SOURCE_FACTS } from '../../../db/enums.ts';
import { NAMED_OWNER_KINDS, isCountryCode } from '../ownership.ts';
import { translationsSchema } from '../translations.ts';
import { dateSchema, today } from './common.ts';

/** A required https URL (sources and official decisions must open in a browser, securely). */
export function httpsUrl(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(2000, 'URL is too long')
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && !!u.hostname && u.hostname.includes('.');
      } catch {
        return false;
      }
    }, message);
}

/** An optional https URL: empty or missing is null. */
export function optionalHttpsUrl(message: string) {
  return z
    .union([z.literal(''), httpsUrl(message)], { error: message })
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A date that is not in the future: when someone checked a source. */
export const verifiedDateSchema = dateSchema.refine((d) => d <= today(), 'The verified date cannot be in the future');

export const sourceSchema = z.object({
  url: httpsUrl('Source URL must be a valid https:// address'),
  title: z
    .string()
    .trim()
    .max(300, 'Title is too long')
    .nullish()
    .transform((v) => (v ? v : null)),
  facts: z
    .array(z.enum(SOURCE_FACTS, `A source supports one of: ${SOURCE_FACTS.join(', ')}`))
    .min(1, 'Say which facts the source supports')
    .max(SOURCE_FACTS.length)
    .transform((list) => [...new Set(list)]),
  verified_at: z.string({ error: 'Verified date is required' }).trim().min(1, 'Verified date is required').pipe(verifiedDateSchema),
});
export type SourceValues = z.output<typeof sourceSchema>;
export type SourceInput = z.input<typeof sourceSchema>;

const countryCode = (label: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    // '' is what an empty select sends: unknown, like null.
    .refine((code) => code === '' || isCountryCode(code), `${label} must be a two-letter country code`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Ownership and jurisdiction fields of a company (null: unknown). */
export const ownershipShape = {
  legal_name: z
    .string()
    .trim()
    .max(300, 'Legal name is too long')
    .nullish()
    .transform((v) => (v ? v : null)),
  owner_kind: z
    .union([z.literal(''), z.enum(OWNER_KINDS)], { error: `Owner kind must be one of: ${OWNER_KINDS.join(', ')}` })
    .nullish()
    .transform((v) => (v ? v : null)),
  owner_name: z
    .string()
    .trim()
    .max(300, 'Owner name is too long')
    .nullish()
    .transform((v) => (v ? v : null)),
  owner_country: countryCode('Owner country'),
  owner_since: z
    .number({ error: 'Owner since must be a year' })
    .int('Owner since must be a year')
    .min(1000, 'Owner since must be a year')
    .max(2100, 'Owner since must be a year')
    .nullish()
    .transform((v) => (v == null || Number.isNaN(v) ? null : v)),
  hosting: z
    .union([z.literal(''), z.enum(HOSTING_REGIONS)], { error: `Hosting must be one of: ${HOSTING_REGIONS.join(', ')}` })
    .nullish()
    .transform((v) => (v ? v : null)),
  status: z.enum(RECORD_STATUSES, 'Status must be published or draft').default('published'),
};

/** A company's texts in other languages: the description and the owner's name. */
export const companyTranslationsSchema = translationsSchema({ description: 5000, owner_name: 300 });

/** Cross-field rules of ownership; used by the company schemas' superRefine. */
export function checkOwnership(
  v: { owner_kind: string | null; owner_name: string | null; owner_country: string | null; translations?: Record<string, { owner_name?: string | null } | null | undefined> },
  ctx: z.RefinementCtx,
): void {
  for (const [lang, fields] of Object.entries(v.translations ?? {})) {
    if (fields?.owner_name && !v.owner_name) {
      ctx.addIssue({ code: 'custom', path: ['translations', lang, 'owner_name'], message: 'A translated owner name needs the owner name in English first' });
    }
  }
  if (v.owner_kind && (NAMED_OWNER_KINDS as readonly string[]).includes(v.owner_kind) && !v.owner_name) {
    ctx.addIssue({ code: 'custom', path: ['owner_name'], message: 'Name the owner (parent company, fund, state or foundation)' });
  }
  if ((v.owner_name || v.owner_country) && !v.owner_kind) {
    ctx.addIssue({ code: 'custom', path: ['owner_kind'], message: 'Choose the kind of owner' });
  }
}

/** ISO 4217 currency codes known to the runtime. */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

function isCents(v: number): boolean {
  return Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
}
const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0 or more`)
    .max(1e13, `${label} is too large`)
    .refine(isCents, `${label} must have at most two decimals`);

export const fineSchema = z
  .object({
    body: z.string({ error: 'Deciding body is required' }).trim().min(1, 'Deciding body is required').max(200, 'Deciding body is too long'),
    kind: z.enum(FINE_KINDS, `Kind must be one of: ${FINE_KINDS.join(', ')}`),
    amount: money('Amount'),
    /** after appeals; omitted means unchanged (0 when annulled) */
    current_amount: money('Current amount').nullish(),
    status: z.enum(FINE_STATUSES, `Status must be one of: ${FINE_STATUSES.join(', ')}`),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .nullish()
      .transform((v) => v || 'EUR')
      .refine((v) => CURRENCIES.has(v), 'Currency must be a three-letter ISO 4217 code (e.g. EUR)'),
    date: z.string({ error: 'Decision date is required' }).trim().min(1, 'Decision date is required').pipe(dateSchema),
    description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(2000, 'Description is too long'),
    translations: translationsSchema({ description: 2000 }),
    announcement_url: httpsUrl('Official URL must be a valid https:// address'),
    status_url: optionalHttpsUrl('Status source must be a valid https:// address'),
    verified_at: z
      .union([z.literal(''), verifiedDateSchema])
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .transform((f) => ({ ...f, current_amount: f.status === 'annulled' ? 0 : (f.current_amount ?? f.amount) }))
  .superRefine((f, ctx) => {
    if (f.status === 'reduced' && !(f.current_amount < f.amount)) {
      ctx.addIssue({ code: 'custom', path: ['current_amount'], message: 'A reduced fine needs a current amount below the original' });
    }
    if (f.status !== 'reduced' && f.status !== 'annulled' && f.current_amount !== f.amount) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'A fine whose amount changed is "reduced" (or "annulled")' });
    }
  });
export type FineValues = z.output<typeof fineSchema>;
export type FineInput = z.input<typeof fineSchema>;

/** The amount that counts in totals: nothing for an annulled fine, else the amount after appeals. */
export function countedAmount(f: { status: string; currentAmount: number }): number {
  return f.status === 'annulled' ? 0 : f.currentAmount;
}
