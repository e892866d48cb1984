// UI string keys built from a list of values (a fact, a control class, a fine status, ...). Each family
// pairs the list with the function that builds a key, so the compiler checks that every value has a key
// in content/i18n/en.json, and the unused-key check (tests/unit/i18n.test.ts) counts these keys as used.
// A key built from a value anywhere else is not counted and shows up there as unused: add a family here.
import { CERTIFICATION_STATUSES, FINE_STATUSES, HOSTING_REGIONS, ICON_TYPES, OWNER_KINDS, PRICING_MODELS, SOURCE_FACTS } from '../../db/enums.ts';
import { HOME_SWITCHES } from './constants.ts';
import { t, type MessageKey } from './i18n.ts';
import type { Lang } from './i18n-langs.ts';
import { CONTROL_CLASSES } from './ownership.ts';
import { FACT_COLUMNS } from './product-facts.ts';
import { FEATURES, featureLabelKey } from './product-features.ts';
import { CRITERIA, SCORE_REASONS, type Criterion } from './score.ts';

/** What every family offers whatever its values: its keys, and a lookup by a plain string. */
export interface AnyKeyFamily {
  readonly keys: readonly MessageKey[];
  readonly keyOf: (value: string) => MessageKey | undefined;
}

export interface KeyFamily<V extends string, K extends MessageKey> extends AnyKeyFamily {
  readonly values: readonly V[];
  /** every key of the family */
  readonly keys: readonly K[];
  /** the key of a value of the list */
  readonly key: (value: V) => K;
  /** the key of a value only known as a string (read from the database), undefined outside the list */
  readonly keyOf: (value: string) => K | undefined;
}

export function keyFamily<const V extends string, K extends MessageKey>(values: readonly V[], key: (value: V) => K): KeyFamily<V, K> {
  return {
    values,
    key,
    keys: values.map(key),
    keyOf: (value) => {
      const known = values.find((v) => v === value);
      return known === undefined ? undefined : key(known);
    },
  };
}

/** A value's UI string, or the value itself when it is outside the family's list (an old database value). */
export function labelOf(lang: Lang, family: AnyKeyFamily, value: string, vars?: Record<string, string | number>): string {
  const key = family.keyOf(value);
  return key ? t(lang, key, vars) : value;
}

export const FACT_KEYS = keyFamily(SOURCE_FACTS, (f) => `fact.${f}`);
export const CONTROL_KEYS = keyFamily(CONTROL_CLASSES, (c) => `control.${c}`);
export const CONTROL_EXPLAINED_KEYS = keyFamily(CONTROL_CLASSES, (c) => `control.${c}_explained`);
export const OWNER_KIND_KEYS = keyFamily(OWNER_KINDS, (k) => `owner.kind.${k}`);
/** The owner kinds whose ownership sentence has its own wording (the others add the kind's name). */
export const OWNER_CHAIN_KEYS = keyFamily(['founders', 'investors', 'listed', 'cooperative'], (k) => `owner.chain_${k}`);
export const HOSTING_KEYS = keyFamily(HOSTING_REGIONS, (h) => `hosting.${h}`);
export const FINE_STATUS_KEYS = keyFamily(FINE_STATUSES, (s) => `fine.status.${s}`);
/** A certification's kind by its icon colour; 'other' for a colour outside the list. */
export const CERT_TYPE_KEYS = keyFamily([...ICON_TYPES, 'other'], (c) => `cert.${c}`);
export const CERT_STATUS_KEYS = keyFamily(CERTIFICATION_STATUSES, (s) => `cert.status.${s}`);
export const SCORE_CRITERION_KEYS = keyFamily(CRITERIA, (c) => `score.c.${c}`);
/** Why a criterion earned its points, one family per criterion. */
export const SCORE_REASON_KEYS = {
  ownership: keyFamily(SCORE_REASONS.ownership, (r) => `score.r.ownership.${r}`),
  headquarters: keyFamily(SCORE_REASONS.headquarters, (r) => `score.r.headquarters.${r}`),
  hosting: keyFamily(SCORE_REASONS.hosting, (r) => `score.r.hosting.${r}`),
  certifications: keyFamily(SCORE_REASONS.certifications, (r) => `score.r.certifications.${r}`),
  sources: keyFamily(SCORE_REASONS.sources, (r) => `score.r.sources.${r}`),
  fines: keyFamily(SCORE_REASONS.fines, (r) => `score.r.fines.${r}`),
  sustainableMark: keyFamily(SCORE_REASONS.sustainableMark, (r) => `score.r.sustainableMark.${r}`),
} satisfies Record<Criterion, AnyKeyFamily>;
export const FEATURE_KEYS = keyFamily(FEATURES, featureLabelKey);
export const HOME_SWITCH_KEYS = keyFamily(
  HOME_SWITCHES.map((s) => s.id),
  (id) => `home.switch.${id}`,
);
export const PRODUCT_COLUMN_KEYS = keyFamily(FACT_COLUMNS, (c) => `product.col.${c}`);
export const PRICING_KEYS = keyFamily(PRICING_MODELS, (p) => `product.pricing.${p}`);

/** Every family, for the unused-key check. */
export const KEY_FAMILIES: readonly AnyKeyFamily[] = [
  FACT_KEYS,
  CONTROL_KEYS,
  CONTROL_EXPLAINED_KEYS,
  OWNER_KIND_KEYS,
  OWNER_CHAIN_KEYS,
  HOSTING_KEYS,
  FINE_STATUS_KEYS,
  CERT_TYPE_KEYS,
  CERT_STATUS_KEYS,
  SCORE_CRITERION_KEYS,
  ...Object.values(SCORE_REASON_KEYS),
  FEATURE_KEYS,
  HOME_SWITCH_KEYS,
  PRODUCT_COLUMN_KEYS,
  PRICING_KEYS,
];
