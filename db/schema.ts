// The single definition of every table. Validators and queries derive from it.
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

import {
  ADMIN_ROLES,
  CERTIFICATION_STATUSES,
  CHANGE_ACTIONS,
  FINE_KINDS,
  FINE_STATUSES,
  HOSTING_REGIONS,
  ICON_TYPES,
  OWNER_KINDS,
  PRICING_MODELS,
  PUBLISH_STATES,
  RECORD_STATUSES,
  SUGGESTION_KINDS,
  SUGGESTION_STATUSES,
} from './enums.ts';

export { CERTIFICATION_STATUSES, ICON_TYPES };

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const createdAt = () => text('created_at').notNull().default(now);

/**
 * Translatable text lives in one JSON column per table: { "de": { "description": "…" }, "fr": {…} }.
 * English is the source and stays in the plain columns; adding a language adds keys, not columns.
 */
export type Translations<F extends string = string> = Record<string, Partial<Record<F, string>>>;
const translations = <F extends string>() =>
  text('translations', { mode: 'json' }).$type<Translations<F>>().notNull().default(sql`'{}'`);

/** Optimistic concurrency: every save must name the version it read (If-Match); each save bumps it. */
const versioned = () => ({
  version: integer('version').notNull().default(1),
  /** set by every save (null: never edited since import) */
  updatedAt: text('updated_at'),
});

export const category = sqliteTable('category', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  imageUrl: text('image_url'),
  // name and slug per language (localized URLs)
  translations: translations<'name' | 'slug'>(),
  ...versioned(),
  createdAt: createdAt(),
});

export const subcategory = sqliteTable(
  'subcategory',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    translations: translations<'name' | 'slug'>(),
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
    // description and owner_name ("Samaras family" reads "Familie Samaras" on German pages)
    translations: translations<'description' | 'owner_name'>(),
    // Ownership and jurisdiction. Null means unknown; the control class is derived in
    // src/lib/ownership.ts and never stored.
    legalName: text('legal_name'),
    ownerKind: text('owner_kind', { enum: OWNER_KINDS }),
    ownerName: text('owner_name'),
    ownerCountry: text('owner_country'),
    ownerSince: integer('owner_since'),
    // Only for digital services: where customer data is hosted.
    hosting: text('hosting', { enum: HOSTING_REGIONS }),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('published'),
    ...versioned(),
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
    // The admin list sorts by name without case (ties by id, the rowid this index carries): with this
    // index a page of 50 reads 50 rows instead of sorting every company.
    index('company_name_nocase_idx').on(sql`${t.name} collate nocase`),
    index('company_created_idx').on(t.createdAt),
    check('company_employee_count_check', sql`${t.employeeCount} IS NULL OR ${t.employeeCount} >= 0`),
    check('company_owner_kind_check', sql`${t.ownerKind} IS NULL OR ${t.ownerKind} IN ('founders','investors','listed','cooperative','foundation','state','private_equity','parent')`),
    check('company_hosting_check', sql`${t.hosting} IS NULL OR ${t.hosting} IN ('eu','ch_uk','outside','mixed','unknown')`),
    check('company_status_check', sql`${t.status} IN ('published','draft')`),
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
// The score is not stored: it is computed from facts at build time (src/lib/score.ts).
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
  },
  (t) => [
    uniqueIndex('alternatives_pair_idx').on(t.companyId, t.alternativeId),
    index('alternatives_alternative_idx').on(t.alternativeId),
    check('alternatives_not_self', sql`${t.companyId} <> ${t.alternativeId}`),
  ],
);

export const certification = sqliteTable(
  'certification',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull().unique(),
    description: text('description').notNull(),
    translations: translations<'description'>(),
    iconType: text('icon_type', { enum: ICON_TYPES }).notNull(),
    ...versioned(),
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
    // The deciding body: "European Commission", a named data protection authority, a court.
    body: text('body').notNull().default('European Commission'),
    kind: text('kind', { enum: FINE_KINDS }).notNull().default('other'),
    /** amount of the original decision */
    amount: real('amount').notNull(),
    /** amount after appeals (0 when annulled); totals use this */
    currentAmount: real('current_amount').notNull(),
    status: text('status', { enum: FINE_STATUSES }).notNull().default('in_force'),
    currency: text('currency').notNull().default('EUR'),
    /** decision date */
    date: text('date').notNull(),
    description: text('description').notNull(),
    translations: translations<'description'>(),
    /** the official decision or press release */
    announcementUrl: text('announcement_url'),
    /** a page that supports the status (a judgment, or the decision itself while in force) */
    statusUrl: text('status_url'),
    verifiedAt: text('verified_at'),
  },
  (t) => [
    index('eu_fines_company_date_idx').on(t.companyId, t.date),
    check('eu_fines_amount_check', sql`${t.amount} >= 0 AND ${t.currentAmount} >= 0`),
    check('eu_fines_status_check', sql`${t.status} IN ('in_force','reduced','annulled','under_appeal')`),
    check('eu_fines_kind_check', sql`${t.kind} IN ('antitrust','dma','gdpr','other')`),
  ],
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
  role: text('role', { enum: ADMIN_ROLES }).notNull().default('owner'),
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

// Evidence: a public https page that supports some facts about a company (or one of its products),
// with the date someone last checked that it still says so.
export const source = sqliteTable(
  'source',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => product.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title'),
    /** which facts it supports: a JSON array of SOURCE_FACTS */
    facts: text('facts', { mode: 'json' }).$type<string[]>().notNull(),
    verifiedAt: text('verified_at').notNull(),
  },
  (t) => [index('source_company_idx').on(t.companyId), index('source_product_idx').on(t.productId)],
);

// What people switch away from or to (Gmail, Proton Mail …), with decision facts. Unknown is null.
export const product = sqliteTable(
  'product',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    subcategoryId: integer('subcategory_id').references(() => subcategory.id, { onDelete: 'set null' }),
    websiteUrl: text('website_url'),
    /** what people type, per language: { "en": ["gmail", "google mail"], "fr": ["courriel google"] } */
    aliases: text('aliases', { mode: 'json' }).$type<Record<string, string[]>>().notNull().default(sql`'{}'`),
    translations: translations<'name' | 'description'>(),
    pricing: text('pricing', { enum: PRICING_MODELS }),
    /** cheapest paid plan per month in EUR, where public */
    priceFromEur: real('price_from_eur'),
    /** SPDX licence id when open source, '' for "not open source", null unknown */
    licence: text('licence'),
    selfHostable: integer('self_hostable', { mode: 'boolean' }),
    platforms: text('platforms', { mode: 'json' }).$type<string[]>(),
    e2ee: integer('e2ee', { mode: 'boolean' }),
    dataLocation: text('data_location', { enum: HOSTING_REGIONS }),
    interfaceLanguages: text('interface_languages', { mode: 'json' }).$type<string[]>(),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('published'),
    ...versioned(),
    createdAt: createdAt(),
  },
  (t) => [index('product_company_idx').on(t.companyId), index('product_subcategory_idx').on(t.subcategoryId)],
);

// "productId has alternativeId as an alternative" (Gmail -> Proton Mail).
export const productAlternative = sqliteTable(
  'product_alternatives',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    alternativeId: integer('alternative_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    /** the alternative can import data from the original (null: unknown) */
    canImport: integer('can_import', { mode: 'boolean' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.alternativeId] }),
    index('product_alternatives_alt_idx').on(t.alternativeId),
    check('product_alternatives_not_self', sql`${t.productId} <> ${t.alternativeId}`),
  ],
);

// Every write, for history, revert and the public change feed. before/after are the record's
// export-format JSON (null before a create, null after a delete).
export const change = sqliteTable(
  'change_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    createdAt: createdAt(),
    adminId: integer('admin_id').references(() => adminUser.id, { onDelete: 'set null' }),
    /** kept when the admin is removed */
    adminEmail: text('admin_email'),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    label: text('label').notNull(),
    action: text('action', { enum: CHANGE_ACTIONS }).notNull(),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    /** for a revert: the change it undid */
    revertsChangeId: integer('reverts_change_id'),
  },
  (t) => [index('change_log_entity_idx').on(t.entity, t.entityId), index('change_log_created_idx').on(t.createdAt)],
);

// One row per publish: the status the admin header shows, shared by every process (and Cloudflare).
export const publishRun = sqliteTable(
  'publish_run',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** queued -> building -> published | failed; with a deploy hook: queued -> deploying (CI) -> published | failed */
    state: text('state', { enum: PUBLISH_STATES }).notNull(),
    /** 'change' (a save), 'manual' (Publish now), 'start' (server start) */
    trigger: text('trigger').notNull(),
    triggeredBy: text('triggered_by'),
    requestedAt: text('requested_at').notNull().default(now),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
    error: text('error'),
    /** how many files the publish wrote (incremental publishing) */
    filesWritten: integer('files_written'),
  },
  (t) => [index('publish_run_requested_idx').on(t.requestedAt)],
);

// One-time invitations for new editors: only SHA-256(token) is stored; the link is shown once.
export const adminInvitation = sqliteTable('admin_invitation', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tokenHash: text('token_hash').notNull().unique(),
  email: text('email').notNull(),
  role: text('role', { enum: ADMIN_ROLES }).notNull().default('editor'),
  createdBy: integer('created_by').references(() => adminUser.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
});

// What visitors send: a correction to a company page or a company we lack. Never published as is:
// an editor accepts (and edits the record) or rejects it with a reason. Plain text only.
export const suggestion = sqliteTable(
  'suggestion',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: SUGGESTION_KINDS }).notNull(),
    companyId: integer('company_id').references(() => company.id, { onDelete: 'set null' }),
    /** the company named by the visitor (new companies, or a correction whose company was deleted) */
    companyName: text('company_name'),
    message: text('message').notNull(),
    evidenceUrl: text('evidence_url').notNull(),
    email: text('email'),
    lang: text('lang').notNull().default('en'),
    status: text('status', { enum: SUGGESTION_STATUSES }).notNull().default('new'),
    reason: text('reason'),
    createdAt: createdAt(),
    handledBy: text('handled_by'),
    handledAt: text('handled_at'),
  },
  (t) => [index('suggestion_status_idx').on(t.status, t.createdAt)],
);

// Step-by-step help to move from a non-European product to European ones. Markdown body per
// language; sources are the providers' own help pages, checked on `last_checked`.
export const guide = sqliteTable('guide', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  /** the product people move away from (its page links the guide) */
  fromProductId: integer('from_product_id').references(() => product.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  body: text('body').notNull().default(''),
  /** how long the move takes, in words ("about 1 hour, plus a few weeks of forwarding") */
  timeNeeded: text('time_needed').notNull().default(''),
  translations: translations<'title' | 'summary' | 'body' | 'time_needed'>(),
  /** [{ url, title, verified_at }] */
  sources: text('sources', { mode: 'json' }).$type<{ url: string; title: string | null; verified_at: string }[]>().notNull().default(sql`'[]'`),
  lastChecked: text('last_checked'),
  status: text('status', { enum: RECORD_STATUSES }).notNull().default('draft'),
  ...versioned(),
  createdAt: createdAt(),
});
