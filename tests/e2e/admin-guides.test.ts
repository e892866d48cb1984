// Guides in the admin, in a real browser against the built seeded site: the list (search, the guide's
// row), the form (text per language, the product picker searching the server, a source the shared
// schema refuses, save, see it stored), and the form on a 390 px phone. The change is undone here, so
// the other browser tests still see the seed data.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, baseUrl, adminSession } from './admin-session.ts';

const SLUG = 'gmail-to-european-email';
const { newPage, signIn } = adminSession({ email: 'guides-editor@example.org', password: 'a long guides passphrase 42', publishWaitMs: 220_000 });

interface GuideJson {
  id: number;
  title: string;
  time_needed: string;
  translations: Record<string, Record<string, string>>;
  from_product: { slug: string; name: string } | null;
}

/** The Gmail guide as the API has it. */
async function gmailGuide(page: Page): Promise<GuideJson> {
  const list = await apiGet<{ items: { id: number; slug: string }[] }>(page, '/api/admin/guides?q=gmail');
  const row = list.items.find((g) => g.slug === SLUG);
  if (!row) throw new Error(`no guide ${SLUG}`);
  return apiGet<GuideJson>(page, `/api/admin/guides/${row.id}`);
}

/** Opens the Gmail guide's form from the Guides list (search, then its row). */
async function openGmailGuide(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Guides' }).click();
  await page.waitForURL(`${baseUrl}/admin/guides`);
  await page.getByLabel('Search guides by title, slug or product').fill('gmail');
  await page.waitForURL(/[?&]q=gmail/);
  await page.getByRole('table', { name: 'Guides' }).getByRole('link', { name: title, exact: true }).click();
  await page.waitForURL(/\/admin\/guides\/\d+$/);
}

describe('guides in the admin', () => {
  it('edits a guide: text per language, a refused http source, the product picker, save and stored', async () => {
    const page = await newPage();
    await signIn(page);
    const before = await gmailGuide(page);
    await openGmailGuide(page, before.title);

    // Loaded: English and German text, the product.
    await expect.poll(() => page.getByLabel('Title (English)', { exact: true }).inputValue()).toBe(before.title);
    expect(await page.getByLabel('Title (German)', { exact: true }).inputValue()).toBe(before.translations.de?.title ?? '');
    expect(await page.locator('[data-chosen-product]').getAttribute('data-chosen-product')).toBe(before.from_product?.slug);

    // The product picker asks the server; picking the same product again is not offered.
    await page.getByRole('button', { name: 'Remove Gmail' }).click();
    await page.getByLabel('Choose the product').fill('gmai');
    const match = page.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: /Gmail/ });
    await match.first().click();
    expect(await page.locator('[data-chosen-product]').getAttribute('data-chosen-product')).toBe('gmail');

    // A source on http is refused by the shared schema, on its field; nothing is saved.
    await page.getByRole('button', { name: 'Add source' }).click();
    const rows = page.locator('[data-source-row]');
    const added = rows.last();
    await added.getByLabel('URL').fill('http://support.google.com/mail');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => added.locator('p[id$="-url-error"]').textContent()).toBe('Source URL must be a valid https:// address');
    await added.getByRole('button', { name: /Remove source/ }).click();

    // Save a new German time needed; the list says so and the API has it.
    const time = 'etwa 2 Stunden (Test)';
    await page.getByLabel('Time needed (German)', { exact: true }).fill(time);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/guides`);
    await page.getByText(`Guide “${before.title}” saved.`).waitFor();
    const after = await gmailGuide(page);
    expect(after.translations.de.time_needed).toBe(time);
    expect(after.from_product?.slug).toBe('gmail');

    // Undo through the API, so the other tests see the seed.
    const etag = await page.evaluate(async (id) => (await fetch(`/api/admin/guides/${id}`)).headers.get('etag'), after.id);
    const status = await page.evaluate(
      async ({ id, etag, de }) => {
        const g = await (await fetch(`/api/admin/guides/${id}`)).json();
        const body = { ...g, translations: { ...g.translations, de }, last_checked: g.last_checked ?? '' };
        for (const k of ['id', 'version', 'updated_at', 'from_product', 'languages']) delete body[k];
        return (await fetch(`/api/admin/guides/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json', 'if-match': etag! }, body: JSON.stringify(body) })).status;
      },
      { id: after.id, etag, de: before.translations.de },
    );
    expect(status).toBe(200);
    expect((await gmailGuide(page)).translations.de.time_needed).toBe(before.translations.de?.time_needed);
  });

  it('fits a 390 px phone: the list and the form without sideways scrolling', async () => {
    const page = await newPage(390);
    await signIn(page);
    const guide = await gmailGuide(page);
    await page.goto(`${baseUrl}/admin/guides`);
    await page.getByRole('heading', { name: 'Guides', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`${baseUrl}/admin/guides/${guide.id}`);
    await page.getByLabel('Body (English)', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
