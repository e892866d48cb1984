// Products in the admin, in a real browser against the built seeded site: the list (search, the
// product's row), the product form (edit the description, save, see it stored), the company form's
// product list, and the screens on a 390 px phone. The change is undone here, so the other browser
// tests still see the seed data.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, baseUrl, adminSession } from './admin-session.ts';

const EMAIL = 'products-editor@example.org';
const { newPage, signIn } = adminSession({ email: EMAIL, password: 'a long products passphrase 42' });

/** Opens Gmail's form from the Products list (search, then its row). */
async function openGmail(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Products' }).click();
  await page.waitForURL(`${baseUrl}/admin/products`);
  await page.getByLabel('Search products by name, alias or company').fill('gmail');
  await page.waitForURL(/[?&]q=gmail/);
  await page.getByRole('table', { name: 'Products' }).getByRole('link', { name: 'Gmail', exact: true }).click();
  await page.waitForURL(/\/admin\/products\/\d+$/);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Edit Gmail');
}

async function saveDescription(page: Page, text: string): Promise<void> {
  await page.getByLabel('Short description (English)').fill(text);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(`${baseUrl}/admin/products`);
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'saved' }).first().textContent()).toContain('Product “Gmail” saved.');
}

describe('products in the admin', () => {
  it('edits a product’s description from the Products list and the change is saved', async () => {
    const page = await newPage();
    await signIn(page);
    await openGmail(page);
    const id = page.url().split('/').pop()!;
    const original = await page.getByLabel('Short description (English)').inputValue();
    expect(original).not.toBe('');
    // What the form shows is what the API stores, alternatives and company included.
    const stored = await apiGet<{ description: string; company: { name: string }; alternatives: unknown[]; version: number }>(page, `/api/admin/products/${id}`);
    expect(stored.description).toBe(original);
    expect(await page.locator('[data-company]').getAttribute('data-company')).toBe(stored.company.name);
    expect(await page.locator('[data-alternative]').count()).toBe(stored.alternatives.length);

    const edited = `${original} Edited in the browser test.`;
    try {
      await saveDescription(page, edited);
      const after = await apiGet<{ description: string; version: number }>(page, `/api/admin/products/${id}`);
      expect(after).toMatchObject({ description: edited, version: stored.version + 1 });
      // Opened again, the form shows the saved text; the history lists the change and who made it.
      await openGmail(page);
      expect(await page.getByLabel('Short description (English)').inputValue()).toBe(edited);
      await expect.poll(() => page.locator('section[aria-labelledby="product-history"]').textContent()).toContain(EMAIL);
    } finally {
      await openGmail(page);
      await saveDescription(page, original);
    }
    expect((await apiGet<{ description: string }>(page, `/api/admin/products/${id}`)).description).toBe(original);
  });

  it('the company form lists its products and offers a new one for that company; everything fits 390 px', async () => {
    const page = await newPage(390);
    await signIn(page);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto(`${baseUrl}/admin/products?q=gmail`);
    await page.getByRole('link', { name: 'Gmail', exact: true }).waitFor();
    expect(await fits()).toBe(true);
    await page.getByRole('link', { name: 'Gmail', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Edit Gmail');
    expect(await fits()).toBe(true);

    const product = await apiGet<{ company_id: number; company: { name: string } }>(page, `/api/admin/products/${page.url().split('/').pop()}`);
    await page.goto(`${baseUrl}/admin/companies/${product.company_id}`);
    const list = page.getByRole('list', { name: 'Products of this company' });
    await list.getByRole('link', { name: 'Gmail', exact: true }).waitFor();
    expect(await fits()).toBe(true);
    await page.getByRole('link', { name: 'New product' }).click();
    await page.waitForURL(`${baseUrl}/admin/products/new?company=${product.company_id}`);
    await expect.poll(() => page.locator('[data-company]').getAttribute('data-company')).toBe(product.company.name);
    expect(await fits()).toBe(true);
  });
});
