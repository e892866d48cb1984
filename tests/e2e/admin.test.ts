// The admin back office in a real browser against the real server: sign-in and live session, the lists,
// the forms with the shared validation, import/export, publishing, and what a change does to the public
// site once it is rebuilt. Every change made here is undone here, so the other browser tests still see
// the seed data.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createClient } from '@libsql/client';
import { apiGet, baseUrl, dbUrl, fillSignIn, sleep, adminSession } from './admin-session.ts';
import { COUNTRIES } from '../../src/lib/countries.ts';

const EMAIL = 'editor@example.org';
const PASSWORD = 'a long admin passphrase 42';
/** A rebuild of the whole site takes a few seconds; wait for it, but not forever. */
const REBUILD_WAIT_MS = 240_000; // a publish can take minutes on a busy two-core machine (the other admin files wait as long)
const LONG_TEST_MS = 600_000;

const { newContext, newPage, signIn, waitForPublishIdle } = adminSession({ email: EMAIL, password: PASSWORD, publishWaitMs: REBUILD_WAIT_MS });

/** Polls a public page until `ready` says the rebuilt site shows what we expect. */
async function waitForPublic(path: string, ready: (status: number, html: string) => boolean, what: string): Promise<string> {
  const deadline = Date.now() + REBUILD_WAIT_MS;
  for (;;) {
    const res = await fetch(baseUrl + path);
    const html = await res.text();
    if (ready(res.status, html)) return html;
    if (Date.now() > deadline) throw new Error(`${what}: the public site did not show it within ${REBUILD_WAIT_MS / 1000} s (last status ${res.status})`);
    await sleep(500);
  }
}

/** The error message tied to a field through aria-describedby. */
async function describedError(page: Page, fieldSelector: string): Promise<string> {
  const field = page.locator(fieldSelector);
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  expect(ids).toHaveLength(1);
  return (await page.locator(`#${ids[0]}`).textContent()) ?? '';
}

/** A success message (role=status). */
function statusText(page: Page) {
  return page.getByRole('status');
}

describe('sign-in and session', () => {
  it('sends a signed-out visitor of /admin/companies to /admin and back to the asked page after sign-in', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/admin/companies`);
    await page.waitForURL(`${baseUrl}/admin?from=%2Fadmin%2Fcompanies`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin sign-in');

    await page.goto(`${baseUrl}/admin/certificates`);
    await page.waitForURL(/\/admin\?from=%2Fadmin%2Fcertificates$/);
    await fillSignIn(page, EMAIL, PASSWORD);
    await page.getByText('Login successful! Redirecting...').waitFor();
    await page.waitForURL(`${baseUrl}/admin/certificates`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Certificates');

    // With a session, /admin goes straight on.
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/admin/companies`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Companies');
  });

  it('shows a spinner while the session is checked', async () => {
    const page = await newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/admin/countries`);
    await page.getByRole('status').filter({ hasText: 'Checking your session…' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/countries`);
    release();
    await page.waitForURL(/\/admin\?from=%2Fadmin%2Fcountries$/);
  });

  it('checks the fields, shows the server message for wrong credentials and clears it on edit', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await describedError(page, '#signin-email')).toBe('Email is required');
    expect(await describedError(page, '#signin-password')).toBe('Password is required');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('x');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => describedError(page, '#signin-email')).toBe('Enter a valid email address');

    await fillSignIn(page, EMAIL, 'wrong password, long enough');
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid credentials. Please try again.' });
    await alert.waitFor();
    await page.getByLabel('Password').pressSequentially('!');
    await alert.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl}/admin`);
  });

  it('signs in with the keyboard only', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/admin`);
    await page.getByLabel('Email').focus();
    await page.keyboard.type(EMAIL);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signin-password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/admin/companies`);
    // The tabs are links in a labelled navigation, the current one marked.
    const current = page.getByRole('navigation', { name: 'Admin sections' }).locator('[aria-current="page"]');
    expect(await current.textContent()).toBe('Companies');
  });

  it('signing out in one tab sends the other tab to /admin', async () => {
    const context = await newContext();
    const first = await context.newPage();
    await signIn(first);
    const second = await context.newPage();
    await second.goto(`${baseUrl}/admin/categories`);
    await second.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();

    await first.getByRole('button', { name: 'Sign out' }).click();
    await first.waitForURL(`${baseUrl}/admin`);
    await second.waitForURL(/\/admin(\?from=.*)?$/);
    await second.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
  });

  it('returns to /admin when the session ends on the server (expiry)', async () => {
    const page = await newPage();
    await signIn(page);
    const db = createClient({ url: dbUrl });
    try {
      await db.execute("delete from admin_session where user_id = (select id from admin_user where email = 'editor@example.org')");
    } finally {
      db.close();
    }
    // The next check (tab focus, or any admin call answering 401) notices.
    await page.evaluate(() => dispatchEvent(new Event('focus')));
    await page.waitForURL(/\/admin\?from=%2Fadmin%2Fcompanies$/);
  });
});

describe('lists', () => {
  it('shows the categories with their columns and searches certificates by name or description, countries by name or code', async () => {
    const page = await newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Categories', exact: true }).click();
    const table = page.getByRole('table', { name: 'Categories' });
    await table.waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual(['Category', 'Slug', 'Image', 'Subcategories', 'Companies']);
    const mobility = table.locator('tbody tr', { hasText: 'Mobility' });
    expect(await mobility.locator('td').nth(2).textContent()).toContain('Cars');
    expect(await mobility.locator('td').nth(3).textContent()).toMatch(/^\d+ compan(y|ies)$/);

    await page.getByRole('link', { name: 'Certificates', exact: true }).click();
    const certificates = page.getByRole('table', { name: 'Certificates' });
    await certificates.waitFor();
    expect(await certificates.locator('thead th').allTextContents()).toEqual(['Certificate', 'Description', 'Icon Type', 'Brands']);
    await page.getByLabel('Search certificates by name or description').fill('iso');
    await expect.poll(() => certificates.locator('tbody th').allTextContents()).toEqual(['ISO 14001', 'ISO 27001', 'ISO 9001']);
    await page.getByLabel('Search certificates by name or description').fill('GARMENT');
    await expect.poll(() => certificates.locator('tbody th').allTextContents()).toEqual(['Fair Wear']);
    expect(await certificates.locator('tbody tr td').nth(2).textContent()).toMatch(/^\d+ brands?$/);
    await page.getByLabel('Search certificates by name or description').fill('no such certificate');
    await expect.poll(() => certificates.locator('tbody').textContent()).toBe('No certificates found matching "no such certificate".');

    await page.getByRole('link', { name: 'Countries', exact: true }).click();
    const countries = page.getByRole('table', { name: 'Countries' });
    await countries.waitFor();
    expect(await countries.locator('tbody tr').count()).toBe(COUNTRIES.length);
    await page.getByLabel('Search countries by name or code').fill('pl');
    await expect.poll(() => countries.locator('tbody th').allTextContents()).toEqual(['Poland']);
    // The site's own SVG flag, decorative beside the name (emoji flags are boxes without an emoji font).
    expect(await countries.locator('tbody th img').getAttribute('src')).toBe('/flags/pl.svg');
    expect(await countries.locator('tbody th img').getAttribute('alt')).toBe('');
    await page.getByLabel('Search countries by name or code').fill('ital');
    await expect.poll(() => countries.locator('tbody th').allTextContents()).toEqual(['Italy']);

    await page.getByRole('link', { name: 'Companies', exact: true }).click();
    await page.getByLabel('Search companies by name').fill('netfl');
    const companies = page.getByRole('table', { name: 'Companies' });
    await expect.poll(() => companies.locator('tbody th').allTextContents()).toEqual(['Netflix']);
    // A click on the row opens the form.
    await companies.locator('tbody tr td').first().click();
    await page.waitForURL(/\/admin\/companies\/\d+$/);
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Netflix');
  });

  it('retries a failed load 3 times, then shows the error with "Try again", which loads again', async () => {
    const page = await newPage();
    await signIn(page);
    let calls = 0;
    await page.route('**/api/admin/certificates', (route) => {
      calls += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Down for a moment' }) });
    });
    await page.getByRole('link', { name: 'Certificates', exact: true }).click();
    await page.getByText('Loading certificates…').waitFor();
    const error = page.getByRole('alert').filter({ hasText: 'Failed to load certificates. Please try again.' });
    await error.waitFor({ timeout: 15_000 });
    expect(calls).toBe(3);
    await page.unroute('**/api/admin/certificates');
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('table', { name: 'Certificates' }).waitFor();
    expect(await page.getByRole('table', { name: 'Certificates' }).locator('tbody tr').count()).toBe(14);
  });
});

describe('forms', () => {
  it('a required field left empty shows its message and saves nothing', async () => {
    const page = await newPage();
    await signIn(page);
    const before = (await apiGet<{ total: number }>(page, '/api/admin/companies')).total;
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/admin/')) writes.push(`${r.method()} ${r.url()}`);
    });
    await page.goto(`${baseUrl}/admin/companies/new`);
    await page.getByLabel('Name', { exact: true }).fill('Nameless Test Company');
    expect(await page.getByLabel('Slug').inputValue()).toBe('nameless-test-company');
    await page.getByLabel('Category').selectOption({ label: 'Mobility' });
    await page.getByLabel('Country', { exact: true }).selectOption('FR');
    // Description stays empty.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await describedError(page, '#company-description')).toBe('Description is required');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('company-description');
    expect(await page.locator('#company-name').getAttribute('aria-invalid')).toBe('false');
    expect(page.url()).toBe(`${baseUrl}/admin/companies/new`);
    expect(writes).toEqual([]);
    expect((await apiGet<{ total: number }>(page, '/api/admin/companies')).total).toBe(before);

    // Another rule of the forms: a fine needs an amount >= 0.
    await page.getByRole('button', { name: 'Add fine' }).click();
    await page.locator('#fine-0-amount').fill('-5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await describedError(page, '#fine-0-amount')).toBe('Amount must be 0 or more');
    expect(await describedError(page, '#fine-0-description')).toBe('Description is required');
    expect(writes).toEqual([]);

    // What only the server knows (a slug in use) comes back on its field, with the save message.
    await page.getByRole('button', { name: 'Remove fine 1' }).click();
    await page.locator('#company-description').fill('A company whose slug is taken.');
    await page.getByLabel('Slug').fill('netflix');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to save company. Please try again. A company with the slug "netflix" already exists.' }).waitFor();
    expect(await describedError(page, '#company-slug')).toBe('This slug is already used by another company');
    expect(page.url()).toBe(`${baseUrl}/admin/companies/new`);
    expect((await apiGet<{ total: number }>(page, '/api/admin/companies')).total).toBe(before);
  });

  it('derives category and subcategory slugs from the name until the slug is edited by hand', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto(`${baseUrl}/admin/categories/new`);
    const name = page.getByLabel('Name', { exact: true });
    const slug = page.getByLabel('Slug', { exact: true });
    await name.fill('Home & Garden Tools');
    expect(await slug.inputValue()).toBe('home-garden-tools');
    await name.fill('Garden Tools');
    expect(await slug.inputValue()).toBe('garden-tools');
    await slug.fill('my-own-slug');
    await name.fill('Garden Machines');
    expect(await slug.inputValue()).toBe('my-own-slug');

    await page.getByRole('button', { name: 'Add subcategory' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sub-0-name');
    await page.keyboard.type('Power Drills!');
    expect(await page.locator('#sub-0-slug').inputValue()).toBe('power-drills');
    await page.locator('#sub-0-slug').fill('Bad Slug');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await describedError(page, '#sub-0-slug')).toBe('Slug may contain only lowercase letters, digits and single hyphens');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(`${baseUrl}/admin/categories`);

    // A category that still has companies is not deleted; the server says why.
    await page.getByRole('link', { name: 'Mobility' }).click();
    await page.waitForURL(/\/admin\/categories\/\d+$/);
    await expect.poll(() => page.locator('#category-name').inputValue()).toBe('Mobility');
    expect(await page.locator('#sub-0-name').inputValue()).toBe('Bicycles & E-Bikes');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Category' }).click();
    await page.getByRole('alert').filter({ hasText: /^Failed to delete category\. Please try again\. This category still has \d+ companies\./ }).waitFor();
    expect(page.url()).toMatch(/\/admin\/categories\/\d+$/);
  });

  it('edits a country: validation of tax rate and population, the EU toggle; an unknown code goes to the list', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto(`${baseUrl}/admin/countries/ZZ`);
    await page.waitForURL(`${baseUrl}/admin/countries`);

    await page.getByRole('link', { name: /Germany/ }).click();
    await page.waitForURL(`${baseUrl}/admin/countries/DE`);
    const toggle = page.getByRole('switch');
    expect(await toggle.textContent()).toBe('EU Member State');
    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe('Not EU Member');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.getByLabel('Corporate tax rate (%)').fill('150');
    await page.getByLabel('Population').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await describedError(page, '#country-tax')).toBe('Corporate tax rate must be between 0 and 100');
    expect(await describedError(page, '#country-population')).toBe('Population is required');
    await page.getByRole('link', { name: 'Back to Countries' }).click();
    await page.waitForURL(`${baseUrl}/admin/countries`);
    const germany = await apiGet<{ is_eu_member: boolean }>(page, '/api/admin/countries/DE');
    expect(germany.is_eu_member).toBe(true);
  });

  it(
    'creates a company with a subcategory, a certification, a fine, an alternative and a translation; the public page shows them; edits it; deletes it',
    async () => {
      const page = await newPage();
      await signIn(page);
      await page.getByRole('link', { name: 'Add Company' }).click();
      await page.waitForURL(`${baseUrl}/admin/companies/new`);

      await page.getByLabel('Name', { exact: true }).fill('Zeta Test Mobility');
      await page.getByLabel('Category').selectOption({ label: 'Mobility' });
      await page.getByRole('checkbox', { name: 'Cars' }).check();
      await page.getByLabel('Country', { exact: true }).selectOption('DK');
      // Founded year and employees start empty (unknown), not this year or 0.
      expect(await page.getByLabel('Founded year').inputValue()).toBe('');
      expect(await page.getByLabel('Employee count').inputValue()).toBe('');
      await page.getByLabel('Founded year').fill('2019');
      await page.getByLabel('Employee count').fill('42');
      await page.getByLabel('Headquarters').fill('Aarhus');
      await page.getByLabel('Website').fill('https://zeta.example.org');
      await page.locator('#company-description').fill('Shared electric vans for tests.');
      await page.locator('#company-description-de').fill('Geteilte Elektro-Transporter für Tests.');
      const unicorn = page.getByRole('switch', { name: 'Mark as Unicorn' });
      await unicorn.click();
      await page.getByRole('switch', { name: 'Unicorn Status: Active' }).waitFor();

      // Ownership and a source for it, checked today.
      await page.getByLabel('Legal name').fill('Zeta Test Mobility ApS');
      await page.getByLabel('Ultimate owner').selectOption({ label: 'Founders or employees' });
      await page.getByRole('button', { name: 'Add source' }).click();
      await page.locator('#source-0-url').fill('https://zeta.example.org/about');
      expect(await page.locator('#source-0-verified').inputValue()).toBe(new Date().toISOString().slice(0, 10));
      await page.locator('[data-source-row]').getByRole('checkbox', { name: 'Ownership' }).check();

      await page.getByRole('checkbox', { name: /^B Corp/ }).check();
      // A ticked certification starts as Verified from today.
      const status = page.getByLabel('Status', { exact: true });
      expect(await status.inputValue()).toBe('Verified');
      expect(await page.getByLabel('Valid from').inputValue()).toBe(new Date().toISOString().slice(0, 10));
      await status.selectOption('Certified');

      await page.getByRole('button', { name: 'Add fine' }).click();
      await page.locator('#fine-0-amount').fill('1250000.5');
      await page.locator('#fine-0-date').fill('2024-03-01');
      await page.locator('#fine-0-description').fill('Fined for a test of the admin.');
      await page.locator('#fine-0-url').fill('https://commission.europa.eu/test');

      await page.getByLabel('Add a company it replaces').fill('netfl');
      await page.getByRole('button', { name: /Netflix/ }).click();

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/companies`);
      await statusText(page).filter({ hasText: 'Company “Zeta Test Mobility” saved.' }).waitFor();

      const html = await waitForPublic('/companies/zeta-test-mobility', (status) => status === 200, 'the new company page');
      expect(html).toContain('Shared electric vans for tests.');
      const pub = await (await newContext()).newPage();
      await pub.goto(`${baseUrl}/companies/zeta-test-mobility`);
      expect(await pub.locator('h1').textContent()).toBe('Zeta Test Mobility');
      expect(await pub.locator('a[href="/categories/mobility/cars"]').count()).toBe(1);
      expect(await pub.locator('[data-certification="B Corp"]').count()).toBe(1);
      expect(await pub.locator('[data-fine]').textContent()).toContain('Fined for a test of the admin.');
      expect(await pub.locator('[data-fine-amount]').textContent()).toMatch(/1\.3 million|1,250,000/);
      expect(await pub.locator('[data-alternative] h3').allTextContents()).toContain('Netflix');
      await pub.goto(`${baseUrl}/de/unternehmen/zeta-test-mobility`);
      expect(await pub.locator('main').textContent()).toContain('Geteilte Elektro-Transporter für Tests.');

      // Edit: open it from the list, change the description, drop the fine.
      await page.getByLabel('Search companies by name').fill('zeta test');
      await page.getByRole('link', { name: /Zeta Test Mobility/ }).click();
      await page.waitForURL(/\/admin\/companies\/\d+$/);
      const description = page.locator('#company-description');
      await expect.poll(() => description.inputValue()).toBe('Shared electric vans for tests.');
      expect(await page.getByRole('checkbox', { name: 'Cars' }).isChecked()).toBe(true);
      expect(await status.inputValue()).toBe('Certified');
      expect(await page.getByRole('switch', { name: 'Unicorn Status: Active' }).getAttribute('aria-checked')).toBe('true');
      expect(await page.locator('[data-link-list="alternative_to"] [data-linked-company="Netflix"]').count()).toBe(1);
      expect(await page.getByRole('textbox', { name: 'Legal name' }).inputValue()).toBe('Zeta Test Mobility ApS');
      expect(await page.locator('#source-0-url').inputValue()).toBe('https://zeta.example.org/about');
      await description.fill('Shared electric vans, edited in a test.');
      await page.getByRole('button', { name: 'Remove fine 1' }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/companies`);
      const edited = await waitForPublic('/companies/zeta-test-mobility', (_, h) => h.includes('edited in a test'), 'the edited company page');
      expect(edited).not.toContain('data-fine-amount');

      // Delete, after the confirmation.
      await page.getByLabel('Search companies by name').fill('zeta test');
      await page.getByRole('link', { name: /Zeta Test Mobility/ }).click();
      await page.waitForURL(/\/admin\/companies\/\d+$/);
      // The dialog names the company and what goes with it; deleting needs a second, explicit click.
      await page.getByRole('button', { name: 'Delete Company' }).click();
      const dialog = page.getByRole('dialog', { name: /Zeta Test Mobility/ });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Delete company' }).click();
      await page.waitForURL(`${baseUrl}/admin/companies`);
      await statusText(page).filter({ hasText: 'Company deleted.' }).waitFor();
      await waitForPublic('/companies/zeta-test-mobility', (status) => status === 404, 'the deleted company page gone');
    },
    LONG_TEST_MS,
  );

  it(
    'creates a certificate with its icon type and deletes it again',
    async () => {
      const page = await newPage();
      await signIn(page);
      await page.goto(`${baseUrl}/admin/certificates/new`);
      await page.getByLabel('Name', { exact: true }).fill('Test Seal');
      await page.locator('#certificate-description').fill('A seal that exists only in a test.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.locator('#certificate-icon-error').textContent()).toBe('Icon type is required');
      await page.getByRole('radio', { name: 'Purple (Innovation)' }).check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/certificates`);
      const row = page.getByRole('row', { name: /Test Seal/ });
      expect(await row.locator('td').nth(1).textContent()).toBe('Purple (Innovation)');
      expect(await row.locator('td').nth(2).textContent()).toBe('0 brands');
      await row.getByRole('link').click();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete Certificate' }).click();
      await page.waitForURL(`${baseUrl}/admin/certificates`);
      await statusText(page).filter({ hasText: 'Certificate deleted.' }).waitFor();
      expect(await page.getByRole('row', { name: /Test Seal/ }).count()).toBe(0);
      await waitForPublishIdle(page);
    },
    LONG_TEST_MS,
  );
});

describe('import and export', () => {
  it(
    'exports the categories, imports the file back with one more category, exports the same again; a bad file is refused',
    async () => {
      const page = await newPage();
      await signIn(page);
      await page.goto(`${baseUrl}/admin/categories`);
      await page.getByRole('table', { name: 'Categories' }).waitFor();

      const exportFile = async () => {
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
        expect(download.suggestedFilename()).toMatch(/^categories-\d{4}-\d{2}-\d{2}\.json$/);
        return JSON.parse(readFileSync((await download.path())!, 'utf8')) as { name: string; slug: string; subcategories: { name: string; slug: string }[] }[];
      };
      const exported = await exportFile();
      // Every category of the seed, however many it has.
      expect(exported).toHaveLength((await apiGet<{ total: number }>(page, '/api/admin/categories')).total);
      expect(exported.find((c) => c.slug === 'mobility')?.subcategories.map((s) => s.slug)).toContain('cars');

      const extra = { name: 'Test Gardening', slug: 'test-gardening', image_url: null, translations: {}, subcategories: [{ name: 'Test Seeds', slug: 'test-seeds', translations: {} }] };
      const input = page.locator('[data-import-input="categories"]');
      await input.setInputFiles({ name: 'categories.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify([...exported, extra])) });
      // Choosing a file shows the dry-run report first; the import runs on Confirm.
      await page.getByRole('button', { name: /^Confirm import of/ }).click();
      await statusText(page).filter({ hasText: 'Import completed successfully. Existing categories were updated.' }).waitFor();
      const row = page.getByRole('row', { name: /Test Gardening/ });
      await row.waitFor();
      expect(await row.locator('td').nth(2).textContent()).toBe('Test Seeds');
      expect(await row.locator('td').nth(3).textContent()).toBe('0 companies');

      const again = await exportFile();
      const bySlug = (list: typeof exported) => [...list].sort((a, b) => a.slug.localeCompare(b.slug));
      expect(bySlug(again)).toEqual(bySlug([...exported, extra]));

      await input.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('this is not JSON') });
      await page.getByRole('alert').filter({ hasText: 'Failed to import categories. Please check the file format and try again.' }).waitFor();
      await input.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify([{ name: 'No slug' }])) });
      const failed = page.getByRole('alert').filter({ hasText: /^Import failed: / });
      await failed.waitFor();

      // Back to the seed data: delete the imported category through its form.
      await row.getByRole('link').click();
      await page.waitForURL(/\/admin\/categories\/\d+$/);
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete Category' }).click();
      await page.waitForURL(`${baseUrl}/admin/categories`);
      await statusText(page).filter({ hasText: 'Category deleted.' }).waitFor();
      expect(await page.getByRole('row', { name: /Test Gardening/ }).count()).toBe(0);
      await waitForPublishIdle(page);
      await waitForPublic('/categories/test-gardening', (status) => status === 404, 'the imported category gone');
    },
    LONG_TEST_MS,
  );

  it('a save based on a stale version shows who changed it, keeps the typed form and offers Reload', async () => {
    const first = await newPage();
    await signIn(first);
    const { items: categories } = await apiGet<{ items: { id: number; name: string }[] }>(first, '/api/admin/categories');
    const categoryId = categories.find((c) => c.name === 'Mobility')!.id;
    const created = (await first.evaluate(async (body) => {
      const res = await fetch('/api/admin/companies', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return res.json();
    }, { name: 'Stale Test Co', slug: 'stale-test-co', category_id: categoryId, country: 'FR', description: 'Original text.', status: 'draft' })) as { id: number };
    const url = `${baseUrl}/admin/companies/${created.id}`;
    try {
      const second = await newPage();
      await signIn(second);
      await second.goto(url);
      await expect.poll(() => second.locator('#company-description').inputValue()).toBe('Original text.');

      // The first editor saves first.
      await first.goto(url);
      await expect.poll(() => first.locator('#company-description').inputValue()).toBe('Original text.');
      await first.locator('#company-description').fill('Saved by the first editor.');
      await first.getByRole('button', { name: 'Save', exact: true }).click();
      await first.waitForURL(`${baseUrl}/admin/companies`);

      // The second editor's save is refused with who and when, and what they typed stays.
      await second.locator('#company-description').fill('Typed by the second editor.');
      await second.getByRole('button', { name: 'Save', exact: true }).click();
      const alert = second.getByRole('alert').filter({ hasText: /changed this company at \d{1,2}:\d{2}/ });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(`${EMAIL} changed this company at`);
      expect(await alert.textContent()).toContain('reload to see their version');
      expect(second.url()).toBe(url);
      expect(await second.locator('#company-description').inputValue()).toBe('Typed by the second editor.');
      expect((await apiGet<{ description: string }>(second, `/api/admin/companies/${created.id}`)).description).toBe('Saved by the first editor.');

      // Reload shows their version.
      await alert.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => second.locator('#company-description').inputValue()).toBe('Saved by the first editor.');
    } finally {
      const status = await first.evaluate(async (id) => {
        const current = await fetch(`/api/admin/companies/${id}`);
        const res = await fetch(`/api/admin/companies/${id}`, { method: 'DELETE', headers: { 'If-Match': current.headers.get('etag') ?? '' } });
        return res.status;
      }, created.id);
      expect(status).toBe(200);
    }
  });

  it('refuses a company import with an unknown country code and names it', async () => {
    const page = await newPage();
    await signIn(page);
    const record = { name: 'Nowhere Ltd', slug: 'nowhere-ltd', country: 'XX', category: 'Mobility', description: 'x' };
    await page.locator('[data-import-input="companies"]').setInputFiles({ name: 'companies.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify([record])) });
    await page.getByRole('alert').filter({ hasText: 'Import failed: Invalid country codes found: XX' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^companies-\d{4}-\d{2}-\d{2}\.json$/);
  });
});

describe('publishing', () => {
  it('shows the publish status with the last publish time, and "Publish now" publishes', async () => {
    const page = await newPage();
    await signIn(page);
    const status = page.locator('[data-publish-state]');
    await page.locator('[data-publish-state="idle"]').waitFor({ timeout: REBUILD_WAIT_MS });
    expect(await status.textContent()).toMatch(/^Published · last published /);
    const before = await apiGet<{ lastPublishedAt: string }>(page, '/api/admin/build');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect.poll(async () => (await apiGet<{ lastPublishedAt: string }>(page, '/api/admin/build')).lastPublishedAt, { timeout: REBUILD_WAIT_MS }).not.toBe(before.lastPublishedAt);
    await page.locator('[data-publish-state="idle"]').waitFor({ timeout: REBUILD_WAIT_MS });
  }, LONG_TEST_MS);
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  // Through the DevTools protocol, so the page's CSP (no inline scripts) does not stop it.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: unknown[] }> } }).axe
      .run(document, { resultTypes: ['violations'] })
      .then((r) => r.violations),
  )) as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility: axe-core finds no violations on the admin screens', () => {
  for (const width of [1280, 820]) {
    it(`sign-in, lists and forms with their error messages, ${width} px wide`, async () => {
      const context = await newContext(width);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/admin`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('#signin-email-error').waitFor();
      expect(await axeViolations(page), 'sign-in with errors').toEqual([]);
      await signIn(page);
      for (const path of ['/admin/companies', '/admin/categories', '/admin/certificates', '/admin/countries', '/admin/categories/1', '/admin/countries/FR']) {
        await page.goto(baseUrl + path);
        await page.locator('main h1').waitFor();
        await page.locator('[role="status"]', { hasText: /^Loading/ }).waitFor({ state: 'detached' });
        expect(await axeViolations(page), path).toEqual([]);
      }
      await page.goto(`${baseUrl}/admin/companies/new`);
      await page.getByRole('checkbox', { name: /^B Corp/ }).check();
      await page.getByRole('button', { name: 'Add fine' }).click();
      await page.getByLabel('Add an alternative').fill('net');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.locator('#company-name-error').waitFor();
      expect(await axeViolations(page), 'company form with errors').toEqual([]);
      await page.goto(`${baseUrl}/admin/certificates/new`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.locator('#certificate-icon-error').waitFor();
      expect(await axeViolations(page), 'certificate form with errors').toEqual([]);
    }, LONG_TEST_MS);
  }
});

describe('the admin page', () => {
  it('is not indexed, not in the sitemap, and keeps its bundle off the public pages', async () => {
    const res = await fetch(`${baseUrl}/admin/companies/123`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const sitemap = await (await fetch(`${baseUrl}/sitemap-0.xml`)).text();
    expect(sitemap).not.toContain('/admin');
    const home = await (await fetch(`${baseUrl}/`)).text();
    expect(home).not.toMatch(/AdminApp/);
  });
});
