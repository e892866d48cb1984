// The explainable score: the rubric's arithmetic, and the distribution over the seed's alternative
// links (issue #13: no single score value may cover more than 20 % of them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed.ts';
import { loadDirectoryFrom, type Directory } from '../../src/lib/data.ts';
import { SCORE_MAX, SCORE_POINTS, scoreOf, type ScoreInput } from '../../src/lib/score.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';

const base: ScoreInput = {
  control: 'european',
  ownerKind: 'founders',
  headquarters: 'eu',
  digital: false,
  hosting: null,
  certifications: [],
  countedFineStatuses: [],
  sustainable: false,
  held: new Set(['founded', 'legal_name', 'employees']),
  sourced: new Set(['headquarters', 'ownership', 'founded', 'legal_name', 'employees']),
};

describe('scoreOf', () => {
  it('gives every criterion its points and the reason behind them', () => {
    const s = scoreOf(base);
    const points = Object.fromEntries(s.criteria.map((c) => [c.criterion, c.points]));
    expect(points).toEqual({ ownership: 30, headquarters: 15, hosting: 0, certifications: 0, sources: 12, fines: 10, sustainableMark: 0 });
    expect(s.criteria.find((c) => c.criterion === 'hosting')).toMatchObject({ applies: false, reason: 'not_digital' });
    // hosting does not apply: rescaled over the other criteria
    const applicable = Object.values(SCORE_MAX).reduce((a, b) => a + b, 0) - SCORE_MAX.hosting;
    expect(s.applicable).toBe(applicable);
    expect(s.total).toBe(Math.round((100 * 67) / applicable));
  });

  it('labels, hosting, certifications, fines and sources change the score', () => {
    expect(scoreOf({ ...base, control: 'european_hq_foreign_owner', ownerKind: 'parent' }).criteria[0]).toMatchObject({
      points: SCORE_POINTS.ownership.european_hq_foreign_owner,
      reason: 'european_hq_foreign_owner',
    });
    expect(scoreOf({ ...base, ownerKind: 'listed' }).criteria[0]).toMatchObject({ points: 25, reason: 'widely_held' });
    expect(scoreOf({ ...base, ownerKind: 'private_equity' }).criteria[0]).toMatchObject({ points: 20, reason: 'group' });
    expect(scoreOf({ ...base, control: 'unverified' }).criteria[0].points).toBe(0);
    const digital = scoreOf({ ...base, digital: true, hosting: 'eu' });
    expect(digital.criteria.find((c) => c.criterion === 'hosting')).toMatchObject({ applies: true, points: 15 });
    expect(digital.applicable).toBe(Object.values(SCORE_MAX).reduce((a, b) => a + b, 0));
    const certs = scoreOf({ ...base, certifications: [{ name: 'B Corp', iconType: 'green' }, { name: 'ISO 9001', iconType: 'blue' }, { name: 'X', iconType: 'green' }] });
    expect(certs.criteria.find((c) => c.criterion === 'certifications')!.points).toBe(SCORE_MAX.certifications);
    expect(scoreOf({ ...base, countedFineStatuses: ['under_appeal'] }).criteria.find((c) => c.criterion === 'fines')!.points).toBe(5);
    expect(scoreOf({ ...base, countedFineStatuses: ['reduced', 'under_appeal'] }).criteria.find((c) => c.criterion === 'fines')!.points).toBe(0);
    // a fact counts only when held and sourced; hosting counts for digital services only
    const some = scoreOf({ ...base, held: new Set(['founded', 'employees']), sourced: new Set(['founded', 'legal_name']) });
    expect(some.criteria.find((c) => c.criterion === 'sources')).toMatchObject({ points: 4, values: { count: 1, of: 3 } });
    const digitalSources = scoreOf({ ...base, digital: true, hosting: 'eu', held: new Set(['founded', 'hosting']), sourced: new Set(['founded', 'hosting']) });
    expect(digitalSources.criteria.find((c) => c.criterion === 'sources')).toMatchObject({ points: 6, values: { count: 2, of: 4 } });
  });
});

describe('the score over the seed', () => {
  let ctx: TempDb;
  let directory: Directory;
  beforeAll(async () => {
    ctx = await tempDb();
    await seedDatabase(ctx.db);
    directory = await loadDirectoryFrom(ctx.db);
  }, 120_000);
  afterAll(() => ctx?.cleanup());

  it('spreads: no single score value covers more than 20 % of the alternative links', () => {
    const scores = [...directory.alternativesOf.values()].flat().map((l) => l.score);
    expect(scores.length).toBeGreaterThan(100);
    const counts = new Map<number, number>();
    for (const s of scores) counts.set(s, (counts.get(s) ?? 0) + 1);
    const rows = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    console.log(
      `Score distribution over ${scores.length} alternative links (score: links, share):\n` +
        rows.map(([s, n]) => `  ${String(s).padStart(3)}: ${String(n).padStart(4)}  ${((100 * n) / scores.length).toFixed(1)} %`).join('\n'),
    );
    const [top, topCount] = rows[0];
    expect(topCount / scores.length, `score ${top} covers ${topCount} of ${scores.length} links`).toBeLessThanOrEqual(0.2);
  });

  it('orders alternatives European-owned first', () => {
    const rank = { european: 0, unverified: 1, european_hq_foreign_owner: 2, non_european: 3 };
    for (const list of directory.alternativesOf.values()) {
      const ranks = list.map((l) => rank[l.company.control]);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });
});
