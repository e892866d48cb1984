// Editors, roles and lists in a real browser: an owner invites an editor with a one-time link, the
// editor opens it, chooses a password and is signed in without user management; the owner removes the
// editor again. The lists page, search and sort on the server. On a 390 px phone no admin screen scrolls
// sideways, and axe-core finds nothing on the new screens. ADMIN_SHOTS_DIR=dir saves screenshots.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, adminSession } from './admin-session.ts';

const OWNER = 'owner.users@example.org';
const OWNER_PASSWORD = 'an owner passphrase for tests 7';
const INVITED = 'invited.editor@example.org';
const INVITED_PASSWORD = 'the invited editor passphrase 3';
const SHOTS = process.env.ADMIN_SHOTS_DIR;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const { newPage, signIn } = adminSession({ email: OWNER, password: OWNER_PASSWORD, height: 860, settleAfter: false });
beforeAll(() => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

/** The screen is there and nothing is loading any more. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await expect.poll(() => page.locator('[role="status"]', { hasText: /^(Loading|Checking)/ }).count(), { timeout: 20_000 }).toBe(0);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: unknown[] }> } }).axe
      .run(document, { resultTypes: ['violations'] })
      .then((r) => r.violations),
  )) as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

let inviteLink = '';

describe('invitations and roles', () => {
  it('an owner invites an editor; the link is shown once with a copy button; the editor signs up and has no user management', async () => {
    const owner = await newPage();
    await signIn(owner);
    await owner.getByRole('link', { name: 'Users', exact: true }).click();
    await owner.waitForURL(`${baseUrl}/admin/users`);
    await settled(owner);
    expect(await owner.getByLabel('Email', { exact: true }).getAttribute('autocomplete')).toBe('email');
    await owner.getByLabel('Email', { exact: true }).fill(INVITED);
    await owner.getByLabel('Role').selectOption('editor');
    await owner.getByRole('button', { name: 'Create invitation link' }).click();
    const link = owner.getByLabel('Invitation link');
    await link.waitFor();
    inviteLink = await link.inputValue();
    expect(inviteLink).toMatch(new RegExp(`^${baseUrl}/admin/invite/[A-Za-z0-9_-]{43}$`));
    await owner.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await owner.getByText('It is shown only this once').count()).toBe(1);
    await owner.locator(`[data-invitation="${INVITED}"]`).waitFor();
    expect(await axeViolations(owner), 'users screen with a new link').toEqual([]);
    // Shown once: after "Done" (or a reload) the link is gone; the open invitation stays listed.
    await owner.getByRole('button', { name: 'Done' }).click();
    expect(await owner.getByLabel('Invitation link').count()).toBe(0);
    await owner.reload();
    await settled(owner);
    expect(await owner.content()).not.toContain(inviteLink.split('/').pop()!);

    const invited = await newPage();
    await invited.goto(inviteLink);
    await invited.getByRole('heading', { name: 'Create your admin account' }).waitFor();
    expect(await invited.getByLabel('Email').inputValue()).toBe(INVITED);
    expect(await axeViolations(invited), 'invitation page').toEqual([]);
    // The rules of admin:create.
    await invited.getByLabel('Choose a password').fill('password1234');
    await invited.getByLabel('Repeat the password').fill('password1234');
    await invited.getByRole('button', { name: 'Create account and sign in' }).click();
    await invited.getByText(/too common or too easy to guess/).waitFor();
    await invited.getByLabel('Choose a password').fill(INVITED_PASSWORD);
    await invited.getByLabel('Repeat the password').fill(INVITED_PASSWORD);
    await invited.getByRole('button', { name: 'Create account and sign in' }).click();
    await invited.waitForURL(`${baseUrl}/admin/companies`);
    await settled(invited);
    // An editor sees the data tabs and Data health, not Users; the API says 403.
    await invited.getByRole('link', { name: 'Data health', exact: true }).waitFor();
    expect(await invited.getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);
    await invited.goto(`${baseUrl}/admin/users`);
    await invited.getByText('Only an owner can manage admins and invitations.').waitFor();
    const status = await invited.evaluate(async () => (await fetch('/api/users')).status);
    expect(status).toBe(403);
    await invited.goto(`${baseUrl}/admin/account`);
    await settled(invited);
    expect(await invited.locator('[data-account-email]').textContent()).toBe(INVITED);

    // The link works once.
    const again = await newPage();
    await again.goto(inviteLink);
    await again.getByText(/already been used/).waitFor();
  });

  it('the owner removes the editor (with confirmation); their session ends', async () => {
    const editor = await newPage();
    await signIn(editor, INVITED, INVITED_PASSWORD);
    const owner = await newPage();
    await signIn(owner);
    await owner.goto(`${baseUrl}/admin/users`);
    await settled(owner);
    const table = owner.getByRole('table', { name: 'Admins' });
    await table.waitFor();
    owner.once('dialog', (d) => void d.accept());
    await owner.getByRole('button', { name: `Remove: ${INVITED}` }).click();
    await owner.getByText(`${INVITED} removed.`).waitFor();
    await expect.poll(() => table.getByText(INVITED).count()).toBe(0);
    expect(await editor.evaluate(async () => (await fetch('/api/admin/companies')).status)).toBe(401);
    // The owner's own row has no Remove button.
    expect(await owner.getByRole('button', { name: `Remove: ${OWNER}` }).count()).toBe(0);
  });
});

describe('lists', () => {
  it('companies: a count, pages of 50, server search and sortable headers with aria-sort', async () => {
    const page = await newPage();
    await signIn(page);
    await settled(page);
    const count = page.locator('[data-result-count]');
    const total = Number(/of (\d+) companies/.exec((await count.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(100);
    expect(await count.textContent()).toBe(`Showing 1–50 of ${total} companies`);
    const table = page.getByRole('table', { name: 'Companies' });
    expect(await table.locator('tbody tr').count()).toBe(50);
    expect(await table.getByRole('columnheader', { name: 'Company' }).getAttribute('aria-sort')).toBe('ascending');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${baseUrl}/admin/companies?page=2`);
    await expect.poll(() => count.textContent()).toBe(`Showing 51–100 of ${total} companies`);
    await page.goBack();
    await expect.poll(() => count.textContent()).toBe(`Showing 1–50 of ${total} companies`);

    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/companies?')) requests.push(r.url());
    });
    await page.getByLabel('Search companies by name').fill('netfl');
    await expect.poll(() => table.locator('tbody th').allTextContents()).toEqual(['Netflix']);
    expect(await count.textContent()).toBe('1 company');
    // Debounced: one request for the whole word.
    expect(requests.filter((u) => u.includes('q=')).length).toBe(1);
    expect(page.url()).toBe(`${baseUrl}/admin/companies?q=netfl`);
    await page.getByLabel('Search companies by name').fill('');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(50);

    await table.getByRole('button', { name: 'Company' }).click();
    await page.waitForURL(`${baseUrl}/admin/companies?sort=-name`);
    await expect.poll(() => table.getByRole('columnheader', { name: 'Company' }).getAttribute('aria-sort')).toBe('descending');
    const last = await page.evaluate(async () => (await (await fetch('/api/admin/companies?sort=-name&per_page=1')).json()).items[0].name as string);
    await expect.poll(async () => (await table.locator('tbody th').first().textContent())?.endsWith(last)).toBe(true);
    await table.getByRole('button', { name: 'Country' }).click();
    await expect.poll(() => table.getByRole('columnheader', { name: 'Country' }).getAttribute('aria-sort')).toBe('ascending');
    expect(await table.getByRole('columnheader', { name: 'Company' }).getAttribute('aria-sort')).toBeNull();
  });

  it('the company form picks alternatives by a server search of 10', async () => {
    const page = await newPage();
    await signIn(page);
    await settled(page);
    const searches: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/admin/companies') searches.push(new URL(r.url()).search);
    });
    await page.goto(`${baseUrl}/admin/companies/new`);
    await page.getByLabel('Add an alternative').waitFor();
    // The form no longer loads every company.
    expect(searches).toEqual([]);
    await page.getByLabel('Add an alternative').fill('spoti');
    await page.getByRole('button', { name: /Spotify/ }).waitFor();
    expect(searches).toEqual(['?q=spoti&per_page=10']);
    await page.getByRole('button', { name: /Spotify/ }).click();
    await page.locator('[data-link-list="alternatives"] [data-linked-company="Spotify"]').waitFor();
  });

  it('data health: counts per problem, a list per language, links to the company form', async () => {
    const page = await newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Data health', exact: true }).click();
    await settled(page);
    await page.locator('[data-health-issue="drafts"]').click();
    await page.waitForURL(`${baseUrl}/admin/data-health?issue=drafts`);
    await page.locator('[data-health-issue="missing_description"]').click();
    await page.getByRole('button', { name: /^German/ }).click();
    await page.waitForURL(`${baseUrl}/admin/data-health?issue=missing_description&lang=de`);
    await settled(page);
    expect(await axeViolations(page), 'data health').toEqual([]);
    const first = page.getByRole('list', { name: /^Companies:/ }).getByRole('link').first();
    if (await first.count()) {
      const name = await first.getAttribute('data-company-name');
      await first.click();
      await page.waitForURL(/\/admin\/companies\/\d+$/);
      await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    }
  });
});

describe('phones', () => {
  for (const width of [390, 1280]) {
    it(`no admin screen scrolls sideways at ${width} px; no axe violations on the lists and account screens`, async () => {
      const page = await newPage(width);
      await page.goto(`${baseUrl}/admin`);
      await page.locator('h1').waitFor();
      await shot(page, `sign-in-${width}`);
      expect(await overflow(page), 'sign-in').toBeLessThanOrEqual(0);
      await signIn(page);
      for (const path of [
        '/admin/companies',
        '/admin/categories',
        '/admin/certificates',
        '/admin/countries',
        '/admin/companies/new',
        '/admin/companies/1',
        '/admin/categories/1',
        '/admin/users',
        '/admin/account',
        '/admin/data-health',
        '/admin/history',
      ]) {
        await page.goto(baseUrl + path);
        await settled(page);
        const name = path.slice(7).replaceAll('/', '-');
        await shot(page, `${name}-${width}`);
        expect(await overflow(page), path).toBeLessThanOrEqual(0);
        if (/^\/admin\/(companies|categories|certificates|countries|users|account|data-health)$/.test(path)) {
          expect(await axeViolations(page), path).toEqual([]);
        }
      }
      if (width === 390) {
        // Lists are cards: no header row to see, a sort select instead; touch targets of 44 px.
        await page.goto(`${baseUrl}/admin/companies`);
        await settled(page);
        expect(await page.locator('thead').evaluate((e) => getComputedStyle(e).position)).toBe('absolute');
        await page.getByLabel('Sort by').selectOption('-name');
        await page.waitForURL(`${baseUrl}/admin/companies?sort=-name`);
        const heights = await page.locator('main button:visible:not(thead button), main select:visible, main input:visible').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
        // (visually hidden controls, 1 px, excepted)
        expect(Math.min(...heights.filter((h) => h > 2))).toBeGreaterThanOrEqual(44);
      }
    }, 240_000);
  }
});
