// The company browser island fetches its whole list only when the visitor starts using it (filters,
// search, sort, pager) or arrives with an address that asks for another view than the prerendered one.
import type { Page } from 'playwright-core';

/** Waits until the island runs and has its list, focusing the search box first (as a visitor would) when it has not asked for it yet. */
export async function companyBrowserReady(page: Page): Promise<void> {
  const root = page.locator('[data-company-browser][data-hydrated="true"]');
  await root.waitFor();
  if ((await root.getAttribute('data-load')) === 'idle') await page.locator('#browser-search').focus();
  await page.locator('[data-company-browser][data-load="ready"]').waitFor();
}
