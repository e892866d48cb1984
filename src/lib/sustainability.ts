// The sustainability score of an alternative (0-100), computed from facts we hold about it.
// The rubric is shown on the site (mission page and company pages); keep the two in sync.
export const SCORE_RUBRIC = {
  euHeadquarters: 30,
  otherEuropeanHeadquarters: 20,
  sustainableMark: 20,
  environmentalCertification: 15,
  otherCertification: 10,
  certificationCap: 40,
  noEuFines: 10,
} as const;

export interface ScoreFacts {
  isEuMember: boolean;
  isEuropean: boolean;
  sustainable: boolean;
  /** icon types of certifications with status Verified, Certified or Compliant */
  certificationIconTypes: readonly string[];
  fineCount: number;
}

export function sustainabilityScore(f: ScoreFacts): number {
  const r = SCORE_RUBRIC;
  let score = f.isEuMember ? r.euHeadquarters : f.isEuropean ? r.otherEuropeanHeadquarters : 0;
  if (f.sustainable) score += r.sustainableMark;
  const certPoints = f.certificationIconTypes.reduce(
    (sum, type) => sum + (type === 'green' ? r.environmentalCertification : r.otherCertification),
    0,
  );
  score += Math.min(certPoints, r.certificationCap);
  if (f.fineCount === 0) score += r.noEuFines;
  return Math.min(score, 100);
}
