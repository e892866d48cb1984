// The back office's safety nets in a real browser against the real server: History with a revert (and
// a refused one), a draft published from its form, the import dry run and its confirmation, the delete
// dialog, and the unsaved-changes guard. Every record made here is removed here, so the other browser
// tests still see the seed data. SHOTS=1 also writes screenshots to .tmp-shots/.
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, sleep, adminSession } from './admin-session.ts';

const EMAIL = 'history-editor@example.org';
const REBUILD_WAIT_MS = 240_000;
const LONG_TEST_MS = 600_000;
const SHOTS = process.env.SHOTS === '1';

// A failed publish ends the wait too: whether the last one succeeded is checked where it matters.
const { newPage, signIn, waitForPublishIdle } = adminSession({ email: EMAIL, password: 'a long history passphrase 42', publishWaitMs: REBUILD_WAIT_MS, failedIsIdle: true });
beforeAll(() => {
  if (SHOTS) mkdirSync('.tmp-shots', { recursive: true });
});

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `.tmp-shots/${name}-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A JSON API call from the signed-in page (same origin, session cookie). */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T; etag: string | null }> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const res = await fetch(path, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, etag: res.headers.get('etag') };
    },
    { method, path, body, headers },
  ) as Promise<{ status: number; body: T; etag: string | null }>;
}

const items = <T,>(list: T[] | { items: T[] }): T[] => (Array.isArray(list) ? list : list.items);

async function categoryId(page: Page, name: string): Promise<number> {
  const { body } = await apiCall<{ id: number; name: string }[] | { items: { id: number; name: string }[] }>(page, 'GET', '/api/admin/categories?per_page=100');
  return items(body).find((c) => c.name === name)!.id;
}

async function createCompany(page: Page, fields: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  const res = await apiCall<{ id: number; slug: string }>(page, 'POST', '/api/admin/companies', {
    country: 'FR',
    category_id: await categoryId(page, 'Mobility'),
    description: 'Original text of a test company.',
    owner_kind: 'founders',
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function deleteCompany(page: Page, id: number): Promise<void> {
  const current = await apiCall(page, 'GET', `/api/admin/companies/${id}`);
  if (current.status === 404) return;
  expect((await apiCall(page, 'DELETE', `/api/admin/companies/${id}`, undefined, { 'If-Match': current.etag ?? '' })).status).toBe(200);
}


async function waitForPublic(path: string, ready: (status: number) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + REBUILD_WAIT_MS;
  for (;;) {
    const res = await fetch(baseUrl + path);
    if (ready(res.status)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${REBUILD_WAIT_MS / 1000} s (last status ${res.status})`);
    await sleep(1000);
  }
}

describe('history and revert', () => {
  it(
    'lists a save with its field changes, reverts it after a confirmation, and refuses a revert of an older change',
    async () => {
      const page = await newPage();
      await signIn(page);
      const company = await createCompany(page, { name: 'History Test Co', slug: 'history-test-co', status: 'draft' });

      await page.goto(`${baseUrl}/admin/companies/${company.id}`);
      await page.locator('#company-description').fill('Edited in the history test.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/companies`);

      await page.getByRole('link', { name: 'History', exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/history`);
      await page.getByLabel('Record name').fill('History Test');
      await page.getByLabel('Editor').selectOption(EMAIL);
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(/q=History\+Test/);
      const entries = page.locator('[data-history] > li');
      await expect.poll(() => entries.count()).toBe(2);
      const update = entries.first();
      expect(await update.textContent()).toContain(`Changed company History Test Co by ${EMAIL}`);
      expect(await update.textContent()).toMatch(/description: Original text of a test company. →(changed to)? ?Edited in the history test./);
      expect(await entries.nth(1).textContent()).toContain('Created company History Test Co');
      await shot(page, 'history');

      // The dialog: focus on Cancel, Tab stays inside, Escape cancels.
      await update.getByRole('button', { name: /^Revert/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Revert this change?' });
      await dialog.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Revert change');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect((await apiCall<{ description: string }>(page, 'GET', `/api/admin/companies/${company.id}`)).body.description).toBe('Edited in the history test.');

      await update.getByRole('button', { name: /^Revert/ }).click();
      await dialog.getByRole('button', { name: 'Revert change' }).click();
      await page.getByRole('status').filter({ hasText: 'The company “History Test Co” was changed back.' }).waitFor();
      expect((await apiCall<{ description: string }>(page, 'GET', `/api/admin/companies/${company.id}`)).body.description).toBe('Original text of a test company.');
      await expect.poll(() => entries.count()).toBe(3);
      expect(await entries.first().textContent()).toContain('Reverted company History Test Co');

      // The first edit is now older than the revert: refused, with who and when, in the dialog.
      await entries.nth(1).getByRole('button', { name: /^Revert/ }).click();
      await dialog.getByRole('button', { name: 'Revert change' }).click();
      await dialog.getByRole('alert').filter({ hasText: `This company was changed again after that edit (by ${EMAIL} at ` }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // The company's own history offers the same revert.
      await page.goto(`${baseUrl}/admin/companies/${company.id}`);
      const own = page.locator('#company-history').locator('xpath=..').locator('[data-history] > li');
      await expect.poll(() => own.count()).toBe(3);
      await deleteCompany(page, company.id);
    },
    LONG_TEST_MS,
  );
});

describe('drafts and delete', () => {
  it(
    'saves a draft that stays off the site, publishes it from its form, and deletes it after a dialog that says what goes with it',
    async () => {
      const page = await newPage();
      await signIn(page);
      const company = await createCompany(page, {
        name: 'Draft Test Co',
        slug: 'draft-test-co',
        status: 'draft',
        sources: [{ url: 'https://example.org/draft-test', title: 'About', facts: ['headquarters', 'ownership'], verified_at: '2025-01-01' }],
        eu_fines: [{ body: 'CNIL', kind: 'gdpr', amount: 1000, status: 'in_force', date: '2021-01-01', description: 'Test fine', announcement_url: 'https://example.org/fine' }],
      });
      await page.goto(`${baseUrl}/admin/companies/${company.id}`);
      await page.locator('[data-status="draft"]').waitFor();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/companies`);
      expect((await apiCall<{ status: string }>(page, 'GET', `/api/admin/companies/${company.id}`)).body.status).toBe('published');
      await waitForPublic('/companies/draft-test-co', (s) => s === 200, 'the published draft on the site');

      // Back to draft: "Save as draft" takes it off the site again.
      await page.goto(`${baseUrl}/admin/companies/${company.id}`);
      await page.locator('[data-status="published"]').waitFor();
      await page.getByRole('button', { name: 'Save as draft' }).click();
      await page.waitForURL(`${baseUrl}/admin/companies`);
      expect((await apiCall<{ status: string }>(page, 'GET', `/api/admin/companies/${company.id}`)).body.status).toBe('draft');

      await page.goto(`${baseUrl}/admin/companies/${company.id}`);
      await page.getByRole('button', { name: 'Delete Company' }).click();
      const dialog = page.getByRole('dialog', { name: '“Draft Test Co”' });
      await dialog.waitFor();
      await dialog.locator('[data-delete-impact]').waitFor();
      expect(await dialog.locator('[data-delete-impact] li').allTextContents()).toEqual([
        '0 alternative links',
        '1 fine',
        '0 certifications',
        '1 source',
        '0 products',
      ]);
      await shot(page, 'delete-dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${baseUrl}/admin/companies/${company.id}`);
      await page.getByRole('button', { name: 'Delete Company' }).click();
      await dialog.getByRole('button', { name: 'Delete company' }).click();
      await page.waitForURL(`${baseUrl}/admin/companies`);
      expect((await apiCall(page, 'GET', `/api/admin/companies/${company.id}`)).status).toBe(404);
      await waitForPublishIdle(page);
    },
    LONG_TEST_MS,
  );
});

describe('import dry run', () => {
  it(
    'shows every problem without importing, then a clean file’s report, and imports it only on Confirm',
    async () => {
      const page = await newPage();
      await signIn(page);
      const company = await createCompany(page, { name: 'Import Test Co', slug: 'import-test-co', status: 'draft' });
      const { body: all } = await apiCall<Record<string, unknown>[]>(page, 'GET', '/api/admin/companies/export');
      const record = all.find((r) => r.slug === 'import-test-co')!;
      const input = page.locator('[data-import-input="companies"]');

      const bad = [
        { ...record, description: 'Changed by import' },
        { ...record, slug: 'import-bad-one', name: 'Bad One', country: 'XX', founded_year: 'long ago' },
        { ...record, slug: 'import-bad-two', name: 'Bad Two', category: 'No such category' },
      ];
      await input.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
      const report = page.locator('[data-import-report]');
      await report.waitFor();
      await report.getByRole('alert').filter({ hasText: /^Import failed: .*\(and 2 more problems, listed below\)$/ }).waitFor();
      const rows = report.getByRole('table', { name: 'Problems in the file' }).locator('tbody tr');
      expect(await rows.count()).toBe(3);
      const cells = async (i: number) => (await rows.nth(i).locator('td').allTextContents()).slice(0, 3).join(' ');
      expect([await cells(0), await cells(1), await cells(2)]).toEqual(['#2 import-bad-one founded_year', '#2 import-bad-one country', '#3 import-bad-two category']);
      expect(await report.getByRole('button', { name: /^Confirm import/ }).count()).toBe(0);
      await shot(page, 'import-report-errors');
      expect((await apiCall<{ description: string }>(page, 'GET', `/api/admin/companies/${company.id}`)).body.description).toBe('Original text of a test company.');

      const good = [{ ...record, description: 'Changed by import' }, { ...record, slug: 'import-new-co', name: 'Import New Co' }];
      await input.setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
      await report.getByRole('heading', { name: 'Import check: good.json' }).waitFor();
      expect(await report.locator('[data-import-counts] dd').allTextContents()).toEqual(['1', '1', '0', '0']);
      expect(await report.getByRole('table', { name: 'Changed companies' }).locator('tbody tr').first().textContent()).toContain('description');
      await shot(page, 'import-report');
      // Nothing is written before Confirm.
      expect((await apiCall<{ description: string }>(page, 'GET', `/api/admin/companies/${company.id}`)).body.description).toBe('Original text of a test company.');
      await report.getByRole('button', { name: 'Confirm import of 2 records' }).click();
      await page.getByRole('status').filter({ hasText: 'Import completed successfully. Existing companies were updated.' }).waitFor();
      await report.waitFor({ state: 'detached' });
      expect((await apiCall<{ description: string }>(page, 'GET', `/api/admin/companies/${company.id}`)).body.description).toBe('Changed by import');

      // The CSV download is there too.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^companies-\d{4}-\d{2}-\d{2}\.csv$/);

      const { body: after } = await apiCall<Record<string, unknown>[]>(page, 'GET', '/api/admin/companies/export');
      expect(after.some((r) => r.slug === 'import-new-co')).toBe(true);
      const { body: list } = await apiCall<{ id: number; slug: string }[] | { items: { id: number; slug: string }[] }>(page, 'GET', '/api/admin/companies?q=import&per_page=100');
      for (const c of items(list).filter((x) => x.slug === 'import-new-co' || x.slug === 'import-test-co')) await deleteCompany(page, c.id);
      await waitForPublishIdle(page);
    },
    LONG_TEST_MS,
  );
});

describe('no lost work', () => {
  it(
    'asks before leaving a changed form (in the app, back button, reload), keeps a failed save as typed, starts a new company empty',
    async () => {
      const page = await newPage();
      await signIn(page);
      const company = await createCompany(page, { name: 'Guard Test Co', slug: 'guard-test-co', status: 'draft' });

      // New company: founded year and employees start empty.
      await page.goto(`${baseUrl}/admin/companies/new`);
      await page.locator('#company-name').waitFor();
      expect(await page.locator('#company-founded').inputValue()).toBe('');
      expect(await page.locator('#company-employees').inputValue()).toBe('');

      // A failed save (the slug is taken) keeps everything as typed.
      await page.locator('#company-name').fill('Guard Test Co');
      await page.locator('#company-category').selectOption({ label: 'Mobility' });
      await page.locator('#company-country').selectOption('FR');
      await page.locator('#company-description').fill('Typed before a failed save.');
      await page.locator('#company-founded').fill('1999');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Failed to save company.' }).first().waitFor();
      expect(page.url()).toBe(`${baseUrl}/admin/companies/new`);
      expect(await page.locator('#company-description').inputValue()).toBe('Typed before a failed save.');
      expect(await page.locator('#company-founded').inputValue()).toBe('1999');
      expect(await page.locator('#company-slug').inputValue()).toBe('guard-test-co');

      // In-app navigation asks; "Cancel" stays with the typed text.
      let question = '';
      page.once('dialog', (d) => {
        question = d.message();
        void d.dismiss();
      });
      await page.getByRole('link', { name: 'Categories' }).click();
      await expect.poll(() => question).toBe('You have unsaved changes. Leave this page without saving them?');
      expect(page.url()).toBe(`${baseUrl}/admin/companies/new`);
      expect(await page.locator('#company-description').inputValue()).toBe('Typed before a failed save.');

      // Reloading the tab asks too (beforeunload).
      let kind = '';
      page.once('dialog', (d) => {
        kind = d.type();
        void d.dismiss();
      });
      await page.reload({ timeout: 5000 }).catch(() => undefined);
      await expect.poll(() => kind).toBe('beforeunload');
      expect(await page.locator('#company-description').inputValue()).toBe('Typed before a failed save.');

      // Back button from an edited form (opened inside the app): asks, and stays when cancelled.
      page.once('dialog', (d) => void d.accept());
      await page.goto(`${baseUrl}/admin/history?q=Guard+Test`);
      await page.locator('[data-history]').getByRole('link', { name: 'Guard Test Co' }).first().click();
      await page.waitForURL(`${baseUrl}/admin/companies/${company.id}`);
      await expect.poll(() => page.locator('#company-description').inputValue()).toBe('Original text of a test company.');
      await page.locator('#company-description').fill('Edited but not saved.');
      page.once('dialog', (d) => void d.dismiss());
      await page.goBack();
      await expect.poll(() => page.url()).toBe(`${baseUrl}/admin/companies/${company.id}`);
      expect(await page.locator('#company-description').inputValue()).toBe('Edited but not saved.');

      // Confirmed: leaves, nothing saved.
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('link', { name: 'Back to Companies' }).click();
      await page.waitForURL(`${baseUrl}/admin/companies`);
      expect((await apiCall<{ description: string }>(page, 'GET', `/api/admin/companies/${company.id}`)).body.description).toBe('Original text of a test company.');
      await deleteCompany(page, company.id);
    },
    LONG_TEST_MS,
  );
});
