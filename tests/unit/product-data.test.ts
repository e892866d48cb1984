// The build's view of products (src/lib/data.ts): drafts left out, only products made in Europe count
// as alternatives, European-owned first, sources per product, which products get a page, and what a
// company page and the company list get from them. A small fixture of made-up test records (example
// names, example.org sources) imported through the real import code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCategories, importCompanies } from '../../src/api/import-export/import.ts';
import { loadDirectoryFrom, type Directory } from '../../src/lib/data.ts';
import { withFeatures } from '../../src/lib/data-files.ts';
import { bitsOf } from '../../src/lib/product-features.ts';
import type { CompanyListData } from '../../src/lib/data-format.ts';
import { tempDb, type TempDb } from '../helpers/db.ts';

let temp: TempDb;
let d: Directory;
const savedUrl = process.env.LIBSQL_URL;

const source = (path: string, verified = '2025-01-01') => ({ url: `https://example.org/${path}`, title: path, facts: ['product'], verified_at: verified });
const company = (slug: string, country: string, extra: Record<string, unknown> = {}) => ({
  name: slug.replace(/(^|-)(\w)/g, (_, s: string, c: string) => `${s ? ' ' : ''}${c.toUpperCase()}`),
  slug,
  country,
  category: 'Email & Office',
  description: `Test company ${slug}.`,
  owner_kind: 'founders',
  ...extra,
});
const product = (slug: string, extra: Record<string, unknown> = {}) => ({ name: slug, slug, description: `Test product ${slug}.`, subcategory: 'mail', ...extra });

beforeAll(async () => {
  temp = await tempDb();
  await temp.db.transaction(async (tx) => {
    await importCategories(tx, [{ name: 'Email & Office', slug: 'email-office', subcategories: [{ name: 'Mail', slug: 'mail' }] }]);
    await importCompanies(tx, [
      company('us-maker', 'US', {
        owner_kind: 'listed',
        products: [
          product('us-mail', {
            sources: [source('us-mail')],
            alternatives: [
              { product: 'owned-mail', can_import: true },
              { product: 'labelled-mail', can_import: false },
              { product: 'rich-mail' },
              { product: 'other-us-mail' },
              { product: 'draft-mail' },
              { product: 'hidden-mail' },
            ],
          }),
          product('us-lonely', { subcategory: null }),
          product('us-draft', { status: 'draft', alternatives: [{ product: 'owned-mail' }] }),
        ],
      }),
      company('other-us', 'US', { owner_kind: 'listed', products: [product('other-us-mail')] }),
      company('owned', 'DE', {
        products: [
          product('owned-mail', { pricing: 'freemium', licence: 'GPL-3.0-only', e2ee: true, data_location: 'eu', sources: [source('old', '2024-01-01'), source('new', '2025-02-01')] }),
          product('draft-mail', { status: 'draft' }),
        ],
      }),
      company('labelled', 'IE', { owner_kind: 'parent', owner_name: 'Big Parent', owner_country: 'US', products: [product('labelled-mail', { self_hostable: true })] }),
      company('rich', 'FR', { products: [product('rich-mail', { pricing: 'paid', licence: '' })] }),
      company('hidden', 'NL', { status: 'draft', products: [product('hidden-mail')] }),
    ]);
  });
  d = await loadDirectoryFrom(temp.db);
  process.env.LIBSQL_URL = temp.url;
}, 60_000);

afterAll(() => {
  if (savedUrl === undefined) delete process.env.LIBSQL_URL;
  else process.env.LIBSQL_URL = savedUrl;
  temp?.cleanup();
});

const slugs = (list: { product: { slug: string } }[] | undefined) => (list ?? []).map((l) => l.product.slug);

describe('products in the directory', () => {
  it('leaves out draft products and the products of draft companies', () => {
    const all = d.products.map((p) => p.slug);
    expect(all).not.toContain('us-draft');
    expect(all).not.toContain('draft-mail');
    expect(all).not.toContain('hidden-mail');
    expect(d.productsByCompany.get(d.companyBySlug.get('owned')!.id)!.map((p) => p.slug)).toEqual(['owned-mail']);
  });

  it('lists only products made in Europe as alternatives: European-owned first, a labelled one after, with the link’s import fact', () => {
    const original = d.productBySlug.get('us-mail')!;
    const alternatives = d.productAlternativesOf.get(original.id)!;
    // no other-us-mail (made outside Europe), no draft-mail, no hidden-mail
    expect(slugs(alternatives).sort()).toEqual(['labelled-mail', 'owned-mail', 'rich-mail']);
    expect(slugs(alternatives).at(-1)).toBe('labelled-mail');
    expect(alternatives.find((a) => a.product.slug === 'owned-mail')!.canImport).toBe(true);
    expect(alternatives.find((a) => a.product.slug === 'labelled-mail')!.canImport).toBe(false);
    expect(alternatives.find((a) => a.product.slug === 'rich-mail')!.canImport).toBeNull();
    // the reverse: what a European product replaces
    expect(slugs(d.productAlternativeTo.get(d.productBySlug.get('owned-mail')!.id))).toEqual(['us-mail']);
  });

  it('keeps each product’s sources apart from its company’s, newest verification first', () => {
    const owned = d.productBySlug.get('owned-mail')!;
    expect(d.sourcesByProduct.get(owned.id)!.map((s) => s.title)).toEqual(['new', 'old']);
    expect(d.sourcesByCompany.get(owned.companyId) ?? []).toEqual([]);
  });
});

describe('what the pages get', () => {
  it('gives a page to each product made outside Europe with a European alternative, and to no other', async () => {
    const { productPages, productDetail } = await import('../../src/lib/data.ts');
    const pages = await productPages();
    expect(pages.map((p) => p.product.slug)).toEqual(['us-mail']);
    expect(pages[0].subcategory?.slug).toBe('mail');
    expect(pages[0].category?.slug).toBe('email-office');
    expect(await productDetail('owned-mail')).toBeUndefined();
    expect(await productDetail('us-lonely')).toBeUndefined();
    const detail = (await productDetail('us-mail'))!;
    expect(detail.company.slug).toBe('us-maker');
    expect(detail.sources.map((s) => s.title)).toEqual(['us-mail']);
    expect(detail.sourcesOf.get(d.productBySlug.get('owned-mail')!.id)!.length).toBe(2);
  });

  it('lists products on company pages: the original with its count of alternatives, the European one with what it replaces', async () => {
    const { companyDetail } = await import('../../src/lib/data.ts');
    const maker = (await companyDetail('us-maker'))!;
    expect(maker.products.map((p) => [p.product.slug, p.alternatives])).toEqual([
      ['us-lonely', 0],
      ['us-mail', 3],
    ]);
    const owned = (await companyDetail('owned'))!;
    expect(owned.products.map((p) => [p.product.slug, p.replaces.map((o) => o.product.slug)])).toEqual([['owned-mail', ['us-mail']]]);
  });

  it('adds to each company row of the browser’s list the features its products verifiably offer', () => {
    const row = (slug: string) => [slug, slug, 'DE', 0, 0, '', 0, 0, [], 0, 0, 1] as CompanyListData['c'][number];
    const list: CompanyListData = { v: 3, k: [], t: [], c: [row('owned'), row('rich'), row('labelled'), row('unknown-company')] };
    const out = withFeatures(list, d).c;
    expect(out[0][12]).toBe(bitsOf(['open-source', 'free-plan', 'eu-data', 'e2ee']));
    // a verified "no" (paid, not open source) gives no feature: the row stays as it was
    expect(out[1]).toHaveLength(12);
    expect(out[2][12]).toBe(bitsOf(['self-hostable']));
    expect(out[3]).toHaveLength(12);
  });
});
