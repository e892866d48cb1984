// Plain-English labels of the company facts' codes, and every ISO country for the owner's country.
import type { FineStatus, HostingRegion, OwnerKind, SourceFact } from '../../../../../db/enums.ts';
import type { FINE_KINDS } from '../../../../../db/enums.ts';
import { anyCountryName, isCountryCode } from '../../../../lib/ownership.ts';

export const OWNER_KIND_LABELS: Record<OwnerKind, string> = {
  founders: 'Founders or employees',
  investors: 'Investors, none in control (e.g. venture capital)',
  listed: 'Listed on a stock exchange, no controlling holder',
  cooperative: 'Cooperative (its members)',
  foundation: 'Foundation or trust',
  state: 'State or public body',
  private_equity: 'Private-equity fund',
  parent: 'Parent company',
};

export const HOSTING_LABELS: Record<HostingRegion, string> = {
  eu: 'EU / EEA',
  ch_uk: 'Switzerland or UK',
  outside: 'Outside Europe',
  mixed: 'Mixed (inside and outside Europe)',
  unknown: 'Unknown',
};

export const SOURCE_FACT_LABELS: Record<SourceFact, string> = {
  headquarters: 'Headquarters',
  ownership: 'Ownership',
  founded: 'Founded year',
  employees: 'Employees',
  unicorn: 'Unicorn',
  hosting: 'Hosting',
  legal_name: 'Legal name',
  status: 'Operating status',
  certification: 'Certification',
  fine: 'Fine',
  product: 'Product',
};

export const FINE_STATUS_LABELS: Record<FineStatus, string> = {
  in_force: 'In force',
  reduced: 'Reduced on appeal',
  annulled: 'Annulled',
  under_appeal: 'Under appeal',
};

export const FINE_KIND_LABELS: Record<(typeof FINE_KINDS)[number], string> = {
  antitrust: 'Antitrust',
  dma: 'Digital Markets Act',
  gdpr: 'GDPR (data protection)',
  other: 'Other',
};

let all: { code: string; name: string }[] | undefined;
/** Every ISO 3166-1 country the runtime knows, by English name (owners can sit anywhere). */
export function allCountries(): { code: string; name: string }[] {
  if (all) return all;
  const list: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (isCountryCode(code)) list.push({ code, name: anyCountryName(code, 'en') });
    }
  }
  return (all = list.sort((x, y) => x.name.localeCompare(y.name, 'en')));
}
