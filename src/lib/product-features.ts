// Decision facts as filters of the company browser: what a company's products verifiably offer,
// packed into one number per company in the company list (bit i = FEATURES[i]). No runtime imports: the
// island reads the same list without pulling build-time code into its bundle.
import type { MessageKey } from './i18n.ts';

/** The browser's feature filters, in URL and display order; the value is the URL key (?feature=open-source). */
export const FEATURES = ['open-source', 'free-plan', 'eu-data', 'e2ee', 'self-hostable'] as const;
export type Feature = (typeof FEATURES)[number];

/** The facts of one product the features are read from (null: not verified, never counted). */
export interface FeatureFacts {
  pricing: string | null;
  licence: string | null;
  selfHostable: boolean | null;
  e2ee: boolean | null;
  dataLocation: string | null;
}

const HAS: Record<Feature, (p: FeatureFacts) => boolean> = {
  // '' means "not open source", null "not verified": only a licence counts
  'open-source': (p) => !!p.licence && p.licence.trim() !== '',
  'free-plan': (p) => p.pricing === 'free' || p.pricing === 'freemium',
  'eu-data': (p) => p.dataLocation === 'eu',
  e2ee: (p) => p.e2ee === true,
  'self-hostable': (p) => p.selfHostable === true,
};

/** The features of one product as bits. */
export function productFeatureBits(product: FeatureFacts): number {
  return FEATURES.reduce((bits, f, i) => (HAS[f](product) ? bits | (1 << i) : bits), 0);
}

/** A company offers a feature when at least one of its products verifiably does. */
export function companyFeatureBits(products: readonly FeatureFacts[]): number {
  return products.reduce((bits, p) => bits | productFeatureBits(p), 0);
}

export function featuresOf(bits: number): Feature[] {
  return FEATURES.filter((_, i) => (bits & (1 << i)) !== 0);
}

export function bitsOf(features: readonly Feature[]): number {
  return features.reduce((bits, f) => bits | (1 << FEATURES.indexOf(f)), 0);
}

/** The UI string of each feature's label (content/i18n). */
const FEATURE_LABEL_KEYS = {
  'open-source': 'browser.feature.open_source',
  'free-plan': 'browser.feature.free_plan',
  'eu-data': 'browser.feature.eu_data',
  e2ee: 'browser.feature.e2ee',
  'self-hostable': 'browser.feature.self_hostable',
} as const satisfies Record<Feature, MessageKey>;
export const featureLabelKey = (f: Feature) => FEATURE_LABEL_KEYS[f];

export const isFeature = (value: string): value is Feature => (FEATURES as readonly string[]).includes(value);
