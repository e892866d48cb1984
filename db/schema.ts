// The single definition of every table. Validators and queries derive from it.
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

import { CERTIFICATION_STATUSES, ICON_TYPES } from './enums.ts';

export { CERTIFICATION_STATUSES, ICON_TYPES };

const createdAt = () => text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const category = sqliteTable('category', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  nameDe: text('name_de'),
  nameFr: text('name_fr'),
  slug: text('slug').notNull().unique(),
  imageUrl: text('image_url'),
  createdAt: createdAt(),
});

export const subcategory = sqliteTable(
  'subcategory',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    nameDe: text('name_de'),
    nameFr: text('name_fr'),
    slug: text('slug').notNull().unique(),
    // Subcategories belong to their category: removing the category removes them.
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('subcategory_category_idx').on(t.categoryId)],
);

export const company = sqliteTable(
  'company',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    country: text('country').notNull(),
    websiteUrl: text('website_url'),
    description: text('description').notNull().default(''),
    descriptionDe: text('description_de'),
    descriptionFr: text('description_fr'),
    foundedYear: integer('founded_year'),
    isUnicorn: integer('is_unicorn', { mode: 'boolean' }).notNull().default(false),
    doubleIrish: integer('double_irish', { mode: 'boolean' }).notNull().default(false),
    // The "sustainable" mark of the Made-in-EU list: one input of the sustainability score.
    sustainable: integer('sustainable', { mode: 'boolean' }).notNull().default(false),
    employeeCount: integer('employee_count'),
    headquarters: text('headquarters'),
    logoUrl: text('logo_url'),
    // Restrict: a category that still has companies cannot be deleted.
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_category_idx').on(t.categoryId),
    index('company_country_idx').on(t.country),
    index('company_name_idx').on(t.name),
    index('company_created_idx').on(t.createdAt),
    check('company_employee_count_check', sql`${t.employeeCount} IS NULL OR ${t.employeeCount} >= 0`),
  ],
);

export const companySubcategory = sqliteTable(
  'company_subcategories',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategory.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.subcategoryId] }), index('company_subcategories_sub_idx').on(t.subcategoryId)],
);

// "companyId has alternativeId as an alternative": non-European original -> European alternative.
export const alternative = sqliteTable(
  'alternatives',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    alternativeId: integer('alternative_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    sustainabilityScore: integer('sustainability_score').notNull(),
  },
  (t) => [
    uniqueIndex('alternatives_pair_idx').on(t.companyId, t.alternativeId),
    index('alternatives_alternative_idx').on(t.alternativeId),
    check('alternatives_not_self', sql`${t.companyId} <> ${t.alternativeId}`),
    check('alternatives_score_range', sql`${t.sustainabilityScore} BETWEEN 0 AND 100`),
  ],
);

export const certification = sqliteTable(
  'certification',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull().unique(),
    description: text('description').notNull(),
    descriptionDe: text('description_de'),
    descriptionFr: text('description_fr'),
    iconType: text('icon_type', { enum: ICON_TYPES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('certification_icon_type_check', sql`${t.iconType} IN ('green','blue','purple','orange','red')`)],
);

export const companyCertification = sqliteTable(
  'company_certifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certification.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CERTIFICATION_STATUSES }).notNull().default('Verified'),
    validFrom: text('valid_from').notNull(),
    validUntil: text('valid_until'),
    link: text('link'),
  },
  (t) => [
    uniqueIndex('company_certifications_pair_idx').on(t.companyId, t.certificationId),
    index('company_certifications_cert_idx').on(t.certificationId),
    check('company_certifications_status_check', sql`${t.status} IN ('Verified','Certified','Compliant','Pending')`),
  ],
);

export const euFine = sqliteTable(
  'eu_fines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    amount: real('amount').notNull(),
    currency: text('currency').notNull().default('EUR'),
    date: text('date').notNull(),
    description: text('description').notNull(),
    descriptionDe: text('description_de'),
    descriptionFr: text('description_fr'),
    announcementUrl: text('announcement_url'),
  },
  (t) => [index('eu_fines_company_date_idx').on(t.companyId, t.date), check('eu_fines_amount_check', sql`${t.amount} >= 0`)],
);

export const countryMembership = sqliteTable('country_memberships', {
  countryCode: text('country_code').primaryKey(),
  isEuMember: integer('is_eu_member', { mode: 'boolean' }).notNull().default(false),
  joinedDate: text('joined_date'),
});

export const countryTaxRate = sqliteTable(
  'country_tax_rates',
  {
    countryCode: text('country_code').primaryKey(),
    corporateTaxRate: real('corporate_tax_rate').notNull(),
    population: integer('population').notNull(),
  },
  (t) => [
    check('country_tax_rate_range', sql`${t.corporateTaxRate} BETWEEN 0 AND 100`),
    check('country_population_check', sql`${t.population} >= 0`),
  ],
);

export const adminUser = sqliteTable('admin_user', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  // scrypt parameters are stored inside the hash string, so they can be raised later.
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

// Lucia-style sessions: the cookie holds "id.secret"; only SHA-256(secret) is stored.
export const adminSession = sqliteTable(
  'admin_session',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUser.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    lastActiveAt: integer('last_active_at').notNull(),
  },
  (t) => [index('admin_session_user_idx').on(t.userId)],
);

// Sign-in throttling state, keyed by "email:<address>" or "ip:<address>", kept in the database so
// Node and Cloudflare behave the same.
export const authThrottle = sqliteTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: integer('last_failure_at').notNull(),
});

export const authLog = sqliteTable(
  'auth_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    outcome: text('outcome').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('auth_log_created_idx').on(t.createdAt)],
);
