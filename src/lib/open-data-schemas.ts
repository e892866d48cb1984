// The open-data format, field by field: one list of documented fields per file, from which both the
// JSON Schemas (draft 2020-12, /open-data/schema/*.schema.json) and the field tables of the open-data
// page are made, so the documentation cannot drift from the schema. Bump OPEN_DATA_VERSION's major
// number when a field is renamed, removed or changes type; adding a field keeps the version.
import { CERTIFICATION_STATUSES, FINE_KINDS, FINE_STATUSES, HOSTING_REGIONS, OWNER_KINDS, PRICING_MODELS, SOURCE_FACTS } from '../../db/enums.ts';
import { LANGS } from './i18n-langs.ts';
import { CONTROL_CLASSES } from './ownership.ts';

export const OPEN_DATA_VERSION = '1.0';
export const OPEN_DATA_LICENCE = { id: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' } as const;
export const DATASETS = ['companies', 'products', 'alternatives', 'fines', 'categories'] as const;
export type Dataset = (typeof DATASETS)[number];
/** Files of the static JSON API besides the downloads. */
export const API_SCHEMAS = ['company', 'company-index'] as const;
export type SchemaName = Dataset | (typeof API_SCHEMAS)[number];

type Json = Record<string, unknown>;

export interface FieldDoc {
  name: string;
  schema: Json;
  description: string;
}

const str: Json = { type: 'string' };
const nullable = (type: string, extra: Json = {}): Json => ({ type: [type, 'null'], ...extra });
const nullableEnum = (values: readonly string[]): Json => ({ enum: [...values, null] });
const slug: Json = { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' };
const date: Json = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
/** Absolute http(s) addresses as stored; they may hold non-ASCII characters (IRIs), so no "uri" format. */
const webUrl: Json = { type: 'string', pattern: '^https?://' };
const nullableUrl: Json = { type: ['string', 'null'], pattern: '^https?://' };
const country: Json = { type: 'string', pattern: '^[A-Z]{2}$' };
/** Text per language: English always, other languages where translated. */
const localized: Json = {
  type: 'object',
  required: ['en'],
  additionalProperties: false,
  properties: Object.fromEntries(LANGS.map((l) => [l, str])),
};
const pageUrls: Json = { type: 'object', required: [...LANGS], additionalProperties: false, properties: Object.fromEntries(LANGS.map((l) => [l, { type: 'string', format: 'uri' }])) };
const source: Json = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'title', 'facts', 'verified_at'],
  properties: { url: webUrl, title: nullable('string'), facts: { type: 'array', items: { enum: [...SOURCE_FACTS] } }, verified_at: date },
};

export const FIELDS: Record<Dataset, FieldDoc[]> = {
  companies: [
    { name: 'slug', schema: slug, description: 'Stable identifier; also the last part of the company page address.' },
    { name: 'name', schema: str, description: 'Name of the company or brand.' },
    { name: 'country', schema: country, description: 'Country of the headquarters (ISO 3166-1 alpha-2).' },
    { name: 'headquarters', schema: nullable('string'), description: 'City of the headquarters; null when unknown.' },
    { name: 'website_url', schema: nullableUrl, description: 'Official website.' },
    { name: 'category', schema: slug, description: 'Slug of its category (see categories.json).' },
    { name: 'subcategories', schema: { type: 'array', items: slug }, description: 'Slugs of its subcategories.' },
    { name: 'description', schema: localized, description: 'Our description per language (en always; de, fr where translated). CC BY 4.0.' },
    { name: 'founded_year', schema: nullable('integer'), description: 'Year founded; null when no source confirmed it.' },
    { name: 'employee_count', schema: nullable('integer', { minimum: 0 }), description: 'Number of employees; null when unknown.' },
    { name: 'legal_name', schema: nullable('string'), description: 'Registered legal entity.' },
    { name: 'owner_kind', schema: nullableEnum(OWNER_KINDS), description: `Who ultimately controls it: ${OWNER_KINDS.join(', ')}; null when unknown.` },
    { name: 'owner_name', schema: nullable('string'), description: 'The controlling holder, where there is one.' },
    { name: 'owner_country', schema: nullable('string', { pattern: '^[A-Z]{2}$' }), description: 'Country of the controlling holder; null when none or the same as the headquarters.' },
    { name: 'owner_since', schema: nullable('integer'), description: 'Year the current owner took control.' },
    { name: 'hosting', schema: nullableEnum(HOSTING_REGIONS), description: `Digital services: where customer data is stored (${HOSTING_REGIONS.join(', ')}).` },
    { name: 'control_class', schema: { enum: [...CONTROL_CLASSES] }, description: 'Derived from headquarters and owner country, as explained on the criteria page.' },
    { name: 'score', schema: { type: 'number', minimum: 0 }, description: 'Our score of the company, computed from the facts at build time (criteria page).' },
    { name: 'is_unicorn', schema: { type: 'boolean' }, description: 'Valued at a billion dollars or more (start-up).' },
    { name: 'double_irish', schema: { type: 'boolean' }, description: 'Publicly documented use of the "Double Irish" tax arrangement.' },
    { name: 'sustainable', schema: { type: 'boolean' }, description: 'Carries the sustainability mark of the Made-in-EU list.' },
    {
      name: 'certifications',
      schema: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'status', 'valid_from', 'valid_until', 'link'],
          properties: { name: str, status: { enum: [...CERTIFICATION_STATUSES] }, valid_from: date, valid_until: nullable('string'), link: nullable('string') },
        },
      },
      description: 'Certifications it holds, with status and validity.',
    },
    { name: 'sources', schema: { type: 'array', items: source }, description: 'Public pages that support its facts, with what they support and when they were checked.' },
    { name: 'alternatives', schema: { type: 'array', items: slug }, description: 'Slugs of the European companies listed as its alternatives.' },
    { name: 'alternative_to', schema: { type: 'array', items: slug }, description: 'Slugs of the companies it is listed as an alternative to.' },
    { name: 'page', schema: pageUrls, description: 'Its page on this site, per language.' },
    { name: 'created_at', schema: { type: 'string', format: 'date-time' }, description: 'When it was added to the directory.' },
    { name: 'updated_at', schema: nullable('string', { format: 'date-time' }), description: 'When it was last edited; null when never edited since import.' },
  ],
  products: [
    { name: 'slug', schema: slug, description: 'Stable identifier.' },
    { name: 'name', schema: localized, description: 'Product name per language.' },
    { name: 'company', schema: slug, description: 'Slug of the company that makes it (companies.json).' },
    { name: 'description', schema: localized, description: 'Our description per language. CC BY 4.0.' },
    { name: 'subcategory', schema: nullable('string'), description: 'Slug of its subcategory.' },
    { name: 'website_url', schema: nullableUrl, description: 'Product website.' },
    { name: 'aliases', schema: { type: 'object', additionalProperties: { type: 'array', items: str } }, description: 'What people type for it, per language.' },
    { name: 'pricing', schema: nullableEnum(PRICING_MODELS), description: `Pricing model (${PRICING_MODELS.join(', ')}); null when unknown.` },
    { name: 'price_from_eur', schema: nullable('number'), description: 'Cheapest paid plan per month in euros, where public.' },
    { name: 'licence', schema: nullable('string'), description: 'SPDX licence id when open source, "" when not open source, null when unknown.' },
    { name: 'self_hostable', schema: nullable('boolean'), description: 'Can be run on your own server; null when unknown.' },
    { name: 'platforms', schema: { type: ['array', 'null'], items: str }, description: 'Platforms it runs on.' },
    { name: 'e2ee', schema: nullable('boolean'), description: 'End-to-end encrypted; null when unknown.' },
    { name: 'data_location', schema: nullableEnum(HOSTING_REGIONS), description: 'Where its data is stored.' },
    { name: 'interface_languages', schema: { type: ['array', 'null'], items: str }, description: 'Languages of its interface.' },
    {
      name: 'alternatives',
      schema: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['product', 'can_import'], properties: { product: slug, can_import: nullable('boolean') } } },
      description: 'Products it can be replaced with; can_import: the alternative imports its data.',
    },
  ],
  alternatives: [
    { name: 'from_company', schema: slug, description: 'Slug of the company people move away from.' },
    { name: 'to_company', schema: slug, description: 'Slug of the European alternative.' },
    { name: 'from_product', schema: nullable('string'), description: 'Slug of the product moved away from; null for a company-level link.' },
    { name: 'to_product', schema: nullable('string'), description: 'Slug of the alternative product; null for a company-level link.' },
    { name: 'can_import', schema: nullable('boolean'), description: 'Product links: the alternative can import the original\u2019s data; null when unknown or company-level.' },
  ],
  fines: [
    { name: 'company', schema: slug, description: 'Slug of the fined company.' },
    { name: 'body', schema: str, description: 'The deciding body: the European Commission, a data protection authority, a court.' },
    { name: 'kind', schema: { enum: [...FINE_KINDS] }, description: `Kind of fine: ${FINE_KINDS.join(', ')}.` },
    { name: 'date', schema: date, description: 'Date of the decision.' },
    { name: 'amount', schema: { type: 'number', minimum: 0 }, description: 'Amount of the original decision.' },
    { name: 'current_amount', schema: { type: 'number', minimum: 0 }, description: 'Amount after appeals (0 when annulled).' },
    { name: 'counted_amount', schema: { type: 'number', minimum: 0 }, description: 'What our totals count: 0 for an annulled fine, the current amount otherwise.' },
    { name: 'currency', schema: { type: 'string', pattern: '^[A-Z]{3}$' }, description: 'ISO 4217 currency of the amounts.' },
    { name: 'status', schema: { enum: [...FINE_STATUSES] }, description: `Status: ${FINE_STATUSES.join(', ')}.` },
    { name: 'description', schema: localized, description: 'What it was for, per language.' },
    { name: 'announcement_url', schema: nullableUrl, description: 'The official decision or press release.' },
    { name: 'status_url', schema: nullableUrl, description: 'A page that supports the status.' },
    { name: 'verified_at', schema: nullable('string'), description: 'When the status was last checked.' },
  ],
  categories: [
    { name: 'slug', schema: slug, description: 'Stable identifier (English slug).' },
    { name: 'name', schema: localized, description: 'Name per language.' },
    { name: 'page_slug', schema: localized, description: 'Slug of its page address per language.' },
    {
      name: 'subcategories',
      schema: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['slug', 'name'], properties: { slug, name: localized } } },
      description: 'Its subcategories: slug and name per language.',
    },
    { name: 'company_count', schema: { type: 'integer', minimum: 0 }, description: 'Published companies in the category.' },
  ],
};

const TITLES: Record<SchemaName, string> = {
  companies: 'Companies',
  products: 'Products',
  alternatives: 'Alternatives',
  fines: 'EU fines',
  categories: 'Categories',
  company: 'One company (static JSON API)',
  'company-index': 'Company index page (static JSON API)',
};

function objectOf(fields: FieldDoc[]): Json {
  return {
    type: 'object',
    additionalProperties: false,
    required: fields.map((f) => f.name),
    properties: Object.fromEntries(fields.map((f) => [f.name, { description: f.description, ...f.schema }])),
  };
}

const envelope = {
  version: { description: 'Format version: the major number changes when a field is renamed or removed.', const: OPEN_DATA_VERSION },
  built_at: { description: 'When the data in these files last changed (UTC); the same data always carries the same time.', type: 'string', format: 'date-time' },
  licence: {
    description: 'Licence of our descriptions and the compilation; see attribution for MIT-licensed parts.',
    type: 'object',
    required: ['id', 'url'],
    properties: { id: { const: OPEN_DATA_LICENCE.id }, url: { const: OPEN_DATA_LICENCE.url } },
  },
  attribution: { description: 'How to credit the data.', type: 'string' },
};

export const INDEX_ITEM_FIELDS: FieldDoc[] = [
  { name: 'slug', schema: slug, description: 'Company slug; its file is {slug}.json beside this index.' },
  { name: 'name', schema: str, description: 'Company name.' },
  { name: 'country', schema: country, description: 'Headquarters country.' },
  { name: 'control_class', schema: { enum: [...CONTROL_CLASSES] }, description: 'Derived control class.' },
  { name: 'url', schema: { type: 'string' }, description: 'Path of its JSON file.' },
];

/** The JSON Schema of one published file. `base`: the site origin, for $id. */
export function jsonSchema(name: SchemaName, base: string): Json {
  const head = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: new URL(`/open-data/schema/${name}.schema.json`, base).href,
    title: `European Alternatives open data: ${TITLES[name]} (format ${OPEN_DATA_VERSION})`,
  };
  const meta = ['version', 'built_at', 'licence', 'attribution'];
  if (name === 'company') {
    return {
      ...head,
      description: 'One published company, as in companies.json.',
      type: 'object',
      required: [...meta, 'item'],
      additionalProperties: false,
      properties: { ...envelope, item: { $ref: '#/$defs/company' } },
      $defs: { company: objectOf(FIELDS.companies) },
    };
  }
  if (name === 'company-index') {
    const n = { type: 'integer', minimum: 1 };
    return {
      ...head,
      description: 'One page of the list of published companies, by name. next and prev are paths or null.',
      type: 'object',
      required: [...meta, 'page', 'pages', 'per_page', 'total', 'next', 'prev', 'items'],
      additionalProperties: false,
      properties: {
        ...envelope,
        page: n,
        pages: n,
        per_page: n,
        total: { type: 'integer', minimum: 0 },
        next: nullable('string'),
        prev: nullable('string'),
        items: { type: 'array', items: objectOf(INDEX_ITEM_FIELDS) },
      },
    };
  }
  return {
    ...head,
    description: `Every published record of this kind. Field descriptions: see $defs.`,
    type: 'object',
    required: [...meta, 'items'],
    additionalProperties: false,
    properties: { ...envelope, items: { type: 'array', items: { $ref: `#/$defs/record` } } },
    $defs: { record: objectOf(FIELDS[name]) },
  };
}
