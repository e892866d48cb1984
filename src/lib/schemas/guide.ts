// Switching guides: the admin form, the API input and the import file use these schemas, so a rule is
// written once. English text sits in the plain fields, other languages in `translations`; bodies are
// markdown (rendered with raw HTML off, see src/lib/markdown.ts). A draft may be unfinished; a
// published guide needs its summary, body, a product, a "last checked" date and at least one source.
import { z } from 'zod';
import { RECORD_STATUSES } from '../../../db/enums.ts';
import { translationsSchema } from '../translations.ts';
import { idSchema, slugSchema, today } from './common.ts';
import { httpsUrl, verifiedDateSchema } from './facts.ts';

/** The longest texts, per language. A body of 20,000 characters is several printed pages. */
export const GUIDE_LIMITS = { title: 200, summary: 1000, body: 20_000, time_needed: 200, sources: 30 } as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max.toLocaleString('en')} characters)`)
    .nullish()
    .transform((v) => v ?? '');

export const guideSourceSchema = z.object({
  url: httpsUrl('Source URL must be a valid https:// address'),
  title: z
    .string()
    .trim()
    .max(300, 'Title is too long')
    .nullish()
    .transform((v) => (v ? v : null)),
  verified_at: z.string({ error: 'Verified date is required' }).trim().min(1, 'Verified date is required').pipe(verifiedDateSchema),
});
export type GuideSourceInput = z.input<typeof guideSourceSchema>;

const guideShape = {
  slug: slugSchema,
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(GUIDE_LIMITS.title, `Title is too long (at most ${GUIDE_LIMITS.title} characters)`),
  summary: text('Summary', GUIDE_LIMITS.summary),
  body: text('Body', GUIDE_LIMITS.body),
  time_needed: text('Time needed', GUIDE_LIMITS.time_needed),
  translations: translationsSchema({ title: GUIDE_LIMITS.title, summary: GUIDE_LIMITS.summary, body: GUIDE_LIMITS.body, time_needed: GUIDE_LIMITS.time_needed }),
  sources: z.array(guideSourceSchema).max(GUIDE_LIMITS.sources, `At most ${GUIDE_LIMITS.sources} sources per guide`).default([]),
  /** when someone last checked the steps against the providers' help pages; not in the future */
  last_checked: z
    .union([z.literal(''), verifiedDateSchema], { error: 'Last checked must be a date (YYYY-MM-DD), not in the future' })
    .nullish()
    .transform((v) => (v ? v : null)),
  status: z.enum(RECORD_STATUSES, 'Status must be published or draft').default('draft'),
};

/** What a published guide must have (drafts may be unfinished). */
function checkPublished(v: { status: string; summary: string; body: string; sources: unknown[]; last_checked: string | null }, ctx: z.RefinementCtx, productPath: string, hasProduct: boolean) {
  if (v.status !== 'published') return;
  const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!v.summary) need('summary', 'A published guide needs a summary');
  if (!v.body) need('body', 'A published guide needs a body');
  if (!v.last_checked) need('last_checked', 'A published guide needs the date it was last checked');
  if (!v.sources.length) need('sources', 'A published guide needs at least one source');
  if (!hasProduct) need(productPath, 'A published guide needs the product it is about');
}

/** The API input and the admin form (POST and PUT /api/admin/guides). */
export const guideInputSchema = z
  .object({
    ...guideShape,
    /** the product people move away from; must exist */
    from_product_id: idSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => checkPublished(v, ctx, 'from_product_id', v.from_product_id !== null));

/** One record of the guides import/export file: the product is named by its slug. */
export const guideRecordSchema = z
  .object({
    ...guideShape,
    /** slug of the product people move away from; must exist when the file is imported */
    from_product: slugSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => checkPublished(v, ctx, 'from_product', v.from_product !== null));

export type GuideInput = z.input<typeof guideInputSchema>;
export type GuideValues = z.output<typeof guideInputSchema>;
export type GuideRecord = z.output<typeof guideRecordSchema>;
export type GuideRecordInput = z.input<typeof guideRecordSchema>;

/** A new source row: checked today. */
export function newGuideSource(now: Date = new Date()): GuideSourceInput {
  return { url: '', title: '', verified_at: today(now) };
}

/** Defaults of a new guide form: a draft. */
export function guideFormDefaults(): GuideInput {
  return { slug: '', title: '', summary: '', body: '', time_needed: '', translations: {}, sources: [], last_checked: '', status: 'draft', from_product_id: null };
}
