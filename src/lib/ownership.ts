// Who controls a company, and the one rule that turns ownership facts into a control class.
// The criteria page explains these rules in words; keep the two in sync.
import { HOSTING_REGIONS, OWNER_KINDS, type HostingRegion, type OwnerKind } from '../../db/enums.ts';
import { isEuropean } from './countries.ts';
import { localizedField, type Translations } from './translations.ts';

export { HOSTING_REGIONS, OWNER_KINDS, type HostingRegion, type OwnerKind };

/**
 * - european: headquartered in Europe and not controlled from outside Europe
 * - european_hq_foreign_owner: headquartered in Europe, controlled by an owner outside Europe (labelled)
 * - non_european: headquartered outside Europe
 * - unverified: headquartered in Europe, but who controls it is not known to us yet
 */
export const CONTROL_CLASSES = ['european', 'european_hq_foreign_owner', 'non_european', 'unverified'] as const;
export type ControlClass = (typeof CONTROL_CLASSES)[number];

/** Kinds of owner that must be named (a parent company, a fund, a state, a foundation). */
export const NAMED_OWNER_KINDS: readonly OwnerKind[] = ['parent', 'private_equity', 'state', 'foundation'];

export interface OwnershipFacts {
  /** headquarters country */
  country: string;
  ownerKind: OwnerKind | null;
  /** the controlling holder's country; null when there is none (widely held) or it is the HQ country */
  ownerCountry: string | null;
}

export function controlClass(c: OwnershipFacts): ControlClass {
  if (!isEuropean(c.country)) return 'non_european';
  if (!c.ownerKind) return 'unverified';
  if (c.ownerCountry && !isEuropean(c.ownerCountry)) return 'european_hq_foreign_owner';
  return 'european';
}

/** True for any ISO 3166-1 alpha-2 country code (owners can sit anywhere, not only in our list). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || ['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB'].includes(code)) return false;
  return regionNames('en').of(code) !== undefined;
}

const displayNames = new Map<string, Intl.DisplayNames>();
function regionNames(lang: string): Intl.DisplayNames {
  let names = displayNames.get(lang);
  if (!names) displayNames.set(lang, (names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' })));
  return names;
}

/** A country's name in a language, for codes outside the built-in list too. */
export function anyCountryName(code: string, lang: string): string {
  return regionNames(lang).of(code) ?? code;
}

/** The owner's name as a page in `lang` shows it ("Familie Samaras" for "Samaras family"), or null. */
export function ownerNameIn(c: { ownerName: string | null; translations?: Translations | null }, lang: string): string | null {
  return c.ownerName ? localizedField({ translations: c.translations, owner_name: c.ownerName }, 'owner_name', lang) : null;
}
