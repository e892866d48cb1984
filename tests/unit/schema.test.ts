import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as t from '../../db/schema.ts';
import { migrateDb } from '../../db/migrate.ts';
import { dbError, tempDb, type TempDb } from '../helpers/db.ts';

let ctx: TempDb;
beforeEach(async () => {
  ctx = await tempDb();
});
afterEach(() => ctx.cleanup());

async function seedMinimal(db: TempDb['db']) {
  const [cat] = await db.insert(t.category).values({ name: 'Entertainment', slug: 'entertainment' }).returning();
  const [sub] = await db.insert(t.subcategory).values({ name: 'Music Streaming', slug: 'music-streaming', categoryId: cat.id }).returning();
  const [us] = await db.insert(t.company).values({ name: 'Netflix', slug: 'netflix', country: 'US', categoryId: cat.id }).returning();
  const [eu] = await db.insert(t.company).values({ name: 'Deezer', slug: 'deezer', country: 'FR', categoryId: cat.id }).returning();
  const [cert] = await db.insert(t.certification).values({ name: 'B Corp', description: 'x', iconType: 'green' }).returning();
  await db.insert(t.companySubcategory).values({ companyId: eu.id, subcategoryId: sub.id });
  await db.insert(t.companyCertification).values({ companyId: eu.id, certificationId: cert.id, validFrom: '2020-01-01' });
  await db.insert(t.euFine).values({ companyId: eu.id, amount: 1000, currentAmount: 1000, date: '2020-01-01', description: 'x' });
  await db.insert(t.alternative).values({ companyId: us.id, alternativeId: eu.id });
  return { cat, sub, us, eu, cert };
}

const count = async (db: TempDb['db'], table: Parameters<ReturnType<TempDb['db']['select']>['from']>[0]) =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(table))[0].n);

describe('database schema', () => {
  it('migrations apply to an empty database and create every table', async () => {
    const rows = await ctx.db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`);
    // Every table of db/schema.ts, and nothing else: the migrations match the schema.
    const tables = Object.values(t)
      .filter((v) => is(v, SQLiteTable))
      .map((v) => getTableName(v as SQLiteTable));
    expect(tables).toContain('source');
    expect(rows.map((r) => r.name).sort()).toEqual(tables.sort());
    // Applying them again changes nothing.
    await expect(migrateDb(ctx.db)).resolves.toBeUndefined();
  });

  it('refuses a duplicate company slug', async () => {
    await seedMinimal(ctx.db);
    const [cat] = await ctx.db.select().from(t.category);
    expect(await dbError(ctx.db.insert(t.company).values({ name: 'Other', slug: 'deezer', country: 'FR', categoryId: cat.id }))).toMatch(/UNIQUE/);
  });

  it('refuses a company with an unknown category', async () => {
    expect(await dbError(ctx.db.insert(t.company).values({ name: 'Orphan', slug: 'orphan', country: 'FR', categoryId: 999 }))).toMatch(/FOREIGN KEY/);
  });

  it('deleting a company removes its links, certifications, fines and alternatives', async () => {
    const { eu } = await seedMinimal(ctx.db);
    await ctx.db.delete(t.company).where(eq(t.company.id, eu.id));
    expect(await count(ctx.db, t.companySubcategory)).toBe(0);
    expect(await count(ctx.db, t.companyCertification)).toBe(0);
    expect(await count(ctx.db, t.euFine)).toBe(0);
    expect(await count(ctx.db, t.alternative)).toBe(0);
    // The other company, the category and the certificate stay.
    expect(await count(ctx.db, t.company)).toBe(1);
    expect(await count(ctx.db, t.certification)).toBe(1);
  });

  it('refuses to delete a category that still has companies', async () => {
    const { cat } = await seedMinimal(ctx.db);
    expect(await dbError(ctx.db.delete(t.category).where(eq(t.category.id, cat.id)))).toMatch(/FOREIGN KEY/);
  });

  it('refuses an alternative link from a company to itself, and a fine status or owner kind outside the lists', async () => {
    const { eu } = await seedMinimal(ctx.db);
    expect(await dbError(ctx.db.insert(t.alternative).values({ companyId: eu.id, alternativeId: eu.id }))).toMatch(/CHECK/);
    const fine = { companyId: eu.id, amount: 1, currentAmount: 1, date: '2020-01-01', description: 'x' };
    expect(await dbError(ctx.db.insert(t.euFine).values({ ...fine, status: 'cancelled' as never }))).toMatch(/CHECK/);
    expect(await dbError(ctx.db.update(t.company).set({ ownerKind: 'pirates' as never }).where(eq(t.company.id, eu.id)))).toMatch(/CHECK/);
  });

  it('defaults created_at and the fine currency', async () => {
    const { eu } = await seedMinimal(ctx.db);
    const [fine] = await ctx.db.select().from(t.euFine).where(eq(t.euFine.companyId, eu.id));
    expect(fine.currency).toBe('EUR');
    expect(eu.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
