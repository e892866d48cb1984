// The score of a company (0–100), computed at build time only from facts we hold and show on its
// page. Each criterion earns points with the fact behind it; criteria that do not apply (hosting of
// a company that is not a digital service) are left out, and the score is rescaled over the points
// that apply: score = round(100 × earned / applicable). The criteria page renders this rubric from
// the constants below, so the page and the code cannot drift apart.
import type { ControlClass, HostingRegion, OwnerKind } from './ownership.ts';

/** Maximum points per criterion, in the order pages show them. */
export const SCORE_MAX = {
  ownership: 30,
  headquarters: 15,
  hosting: 15,
  certifications: 15,
  sources: 12,
  fines: 10,
  sustainableMark: 5,
} as const;
export type Criterion = keyof typeof SCORE_MAX;
export const CRITERIA = Object.keys(SCORE_MAX) as Criterion[];

/** Points of each value of a criterion (the rubric's table). */
export const SCORE_POINTS = {
  /**
   * European-owned companies earn most when control cannot simply be sold abroad (founders,
   * cooperatives, foundations, a European state), less when widely held (listed, investors), and
   * less again inside a group or a fund that can sell it on (parent company, private equity).
   */
  ownership: { independent: 30, widely_held: 25, group: 20, european_hq_foreign_owner: 5, unverified: 0, non_european: 0 },
  headquarters: { eu: 15, europe: 10, outside: 0 },
  hosting: { eu: 15, ch_uk: 10, mixed: 5, outside: 0, unknown: 0 } satisfies Record<HostingRegion, number>,
  /** per verified certification, up to SCORE_MAX.certifications */
  certifications: { environmental: 10, other: 5 },
  /** no fine counts; only fines still under appeal; a fine in force (or reduced) */
  fines: { none: 10, under_appeal: 5, in_force: 0 },
  sustainableMark: { yes: 5, no: 0 },
} as const;

/** What a criterion's points can be for; pages show each as words (content/i18n: score.r.<criterion>.<reason>). */
export const SCORE_REASONS = {
  ownership: ['independent', 'widely_held', 'group', 'european_hq_foreign_owner', 'unverified', 'non_european'],
  headquarters: ['eu', 'europe', 'outside'],
  hosting: ['eu', 'ch_uk', 'mixed', 'outside', 'unknown', 'not_digital'],
  certifications: ['none', 'some'],
  sources: ['none', 'some'],
  fines: ['none', 'under_appeal', 'in_force'],
  sustainableMark: ['yes', 'no'],
} as const satisfies Record<Criterion, readonly string[]>;
export type ScoreReason<C extends Criterion = Criterion> = (typeof SCORE_REASONS)[C][number];

/**
 * Facts that earn "sourced facts" points when we hold them and a source supports them (headquarters
 * and ownership need a source anyway, so they earn nothing extra). Hosting only for digital services.
 */
export const SOURCED_FACTS = ['founded', 'employees', 'legal_name', 'hosting'] as const;
export type SourcedFact = (typeof SOURCED_FACTS)[number];

/** Certification statuses that count as verified (a pending one does not). */
export const VERIFIED_CERTIFICATION_STATUSES = ['Verified', 'Certified', 'Compliant'] as const;

/** Categories whose companies are digital services (where customer data is hosted matters). */
export const DIGITAL_CATEGORY_SLUGS = [
  'cloud-hosting',
  'email-office',
  'messaging',
  'search-browsers',
  'security-privacy',
  'social-media',
  'software-ai',
  'finance-payments',
] as const;

/** How a European-owned company is held, by kind of owner (see SCORE_POINTS.ownership). */
export const OWNERSHIP_TIERS = {
  independent: ['founders', 'cooperative', 'foundation', 'state'],
  widely_held: ['listed', 'investors'],
  group: ['parent', 'private_equity'],
} as const satisfies Record<string, readonly OwnerKind[]>;

function ownershipReason(control: ControlClass, kind: OwnerKind | null): keyof (typeof SCORE_POINTS)['ownership'] {
  if (control !== 'european') return control;
  for (const [tier, kinds] of Object.entries(OWNERSHIP_TIERS) as [keyof typeof OWNERSHIP_TIERS, readonly OwnerKind[]][]) {
    if (kind && kinds.includes(kind)) return tier;
  }
  return 'group';
}

export interface ScoreInput {
  control: ControlClass;
  ownerKind: OwnerKind | null;
  /** headquarters in an EU member state / elsewhere in Europe / outside Europe */
  headquarters: 'eu' | 'europe' | 'outside';
  /** a digital service: hosting applies */
  digital: boolean;
  hosting: HostingRegion | null;
  /** icon types of certifications that are verified and not expired */
  certifications: readonly { name: string; iconType: string }[];
  /** statuses of the company's fines whose counted amount is above zero */
  countedFineStatuses: readonly string[];
  sustainable: boolean;
  /** facts we hold (a value is on record) */
  held: ReadonlySet<SourcedFact>;
  /** facts a source supports */
  sourced: ReadonlySet<string>;
}

/** Why a criterion earned its points: a message key suffix and its values, rendered by the page. */
export interface CriterionResult {
  criterion: Criterion;
  points: number;
  max: number;
  /** false: not applicable, left out of the total */
  applies: boolean;
  /** what the points are for, e.g. 'independent', 'eu', 'none'; pages turn it into words */
  reason: ScoreReason;
  /** values the words need (counts, certification names) */
  values: Record<string, string | number>;
}

export interface Score {
  /** 0–100 */
  total: number;
  earned: number;
  applicable: number;
  criteria: CriterionResult[];
}

const isEnvironmental = (iconType: string) => iconType === 'green';

export function scoreOf(f: ScoreInput): Score {
  const P = SCORE_POINTS;
  const criteria: CriterionResult[] = [];
  const add = <C extends Criterion>(criterion: C, points: number, reason: ScoreReason<C>, values: Record<string, string | number> = {}, applies = true) =>
    criteria.push({ criterion, points: applies ? Math.min(points, SCORE_MAX[criterion]) : 0, max: SCORE_MAX[criterion], applies, reason, values });

  const ownership = ownershipReason(f.control, f.ownerKind);
  add('ownership', P.ownership[ownership], ownership);
  add('headquarters', P.headquarters[f.headquarters], f.headquarters);
  if (f.digital) add('hosting', P.hosting[f.hosting ?? 'unknown'], f.hosting ?? 'unknown');
  else add('hosting', 0, 'not_digital', {}, false);

  const environmental = f.certifications.filter((c) => isEnvironmental(c.iconType));
  const certPoints = environmental.length * P.certifications.environmental + (f.certifications.length - environmental.length) * P.certifications.other;
  add('certifications', certPoints, f.certifications.length ? 'some' : 'none', {
    count: f.certifications.length,
    environmental: environmental.length,
    names: f.certifications.map((c) => c.name).join(', '),
  });

  // A fact counts when we hold it and a source supports it; hosting only for digital services.
  const applicableFacts = SOURCED_FACTS.filter((fact) => fact !== 'hosting' || f.digital);
  const sourced = applicableFacts.filter((fact) => f.held.has(fact) && f.sourced.has(fact));
  add('sources', Math.round((SCORE_MAX.sources * sourced.length) / applicableFacts.length), sourced.length ? 'some' : 'none', {
    count: sourced.length,
    of: applicableFacts.length,
    facts: sourced.join(','),
  });

  const inForce = f.countedFineStatuses.filter((s) => s !== 'under_appeal').length;
  const appealed = f.countedFineStatuses.length - inForce;
  add('fines', inForce ? P.fines.in_force : appealed ? P.fines.under_appeal : P.fines.none, inForce ? 'in_force' : appealed ? 'under_appeal' : 'none', {
    count: inForce || appealed,
  });
  add('sustainableMark', f.sustainable ? P.sustainableMark.yes : P.sustainableMark.no, f.sustainable ? 'yes' : 'no');

  const applicable = criteria.filter((c) => c.applies).reduce((s, c) => s + c.max, 0);
  const earned = criteria.filter((c) => c.applies).reduce((s, c) => s + c.points, 0);
  return { total: applicable ? Math.round((100 * earned) / applicable) : 0, earned, applicable, criteria };
}

/** Which facts of a company we hold (have a value on record). */
export function heldFacts(c: {
  foundedYear: number | null;
  employeeCount: number | null;
  legalName: string | null;
  hosting: string | null;
}): Set<SourcedFact> {
  const held = new Set<SourcedFact>();
  if (c.foundedYear != null) held.add('founded');
  if (c.employeeCount != null) held.add('employees');
  if (c.legalName) held.add('legal_name');
  if (c.hosting && c.hosting !== 'unknown') held.add('hosting');
  return held;
}
