// The import/export file formats (SPEC section 3 "category export file", extended with translations,
// certifications, fines and alternatives). Seeding uses the same formats and the same import code.
import { z } from 'zod';
import { CERTIFICATION_STATUSES, ICON_TYPES } from '../../../db/enums.ts';
import { dateSchema, nameSchema, optionalText, optionalUrl, slugSchema } from './common.ts';

export const subcategoryRecordSchema = z.object({
  name: nameSchema,
  slug: slugSchema,
  name_de: optionalText,
  name_fr: optionalText,
});

export const categoryRecordSchema = z.object({
  name: nameSchema,
  slug: slugSchema,
  image_url: z.string().trim().max(500).nullish().transform((v) => v || null),
  name_de: optionalText,
  name_fr: optionalText,
  subcategories: z.array(subcategoryRecordSchema).default([]),
});

export const certificateRecordSchema = z.object({
  name: nameSchema,
  description: z.string().trim().min(1, 'Description is required').max(2000),
  description_de: optionalText,
  description_fr: optionalText,
  icon_type: z.enum(ICON_TYPES, 'Icon type must be one of green, blue, purple, orange, red'),
});

export const companyCertificationRecordSchema = z.object({
  name: nameSchema,
  status: z.enum(CERTIFICATION_STATUSES).default('Verified'),
  valid_from: dateSchema,
  valid_until: dateSchema.nullish().transform((v) => v ?? null),
  link: optionalUrl,
});

export const fineRecordSchema = z.object({
  // SPEC: the amount is parsed as a number.
  amount: z.coerce.number('Amount must be a number').min(0, 'Amount must be 0 or more'),
  currency: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : 'EUR')),
  date: dateSchema,
  description: z.string().trim().min(1, 'Description is required').max(2000),
  description_de: optionalText,
  description_fr: optionalText,
  announcement_url: optionalUrl,
});

export const alternativeRecordSchema = z.object({
  slug: slugSchema,
  sustainability_score: z.number().int().min(0).max(100).nullish(),
});

export const companyRecordSchema = z.object({
  name: nameSchema,
  slug: slugSchema,
  country: z.string().trim().toUpperCase().length(2, 'Country must be a two-letter code'),
  website_url: optionalUrl,
  category: nameSchema,
  subcategories: z.array(z.string().trim()).default([]),
  founded_year: z.number().int().min(1000).max(2100).nullish().transform((v) => v ?? null),
  headquarters: optionalText,
  employee_count: z.number().int().min(0).nullish().transform((v) => v ?? null),
  is_unicorn: z.boolean().default(false),
  double_irish: z.boolean().default(false),
  sustainable: z.boolean().default(false),
  logo_url: optionalUrl,
  description: z.string().trim().max(5000).default(''),
  description_de: optionalText,
  description_fr: optionalText,
  created_at: z.string().nullish(),
  certifications: z.array(companyCertificationRecordSchema).default([]),
  eu_fines: z.array(fineRecordSchema).default([]),
  alternatives: z.array(alternativeRecordSchema).optional(),
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
