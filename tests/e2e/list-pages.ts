// Lists of 60 cards a page (category, subcategory and country pages): what a visitor reads by
// following "next" from the first page to the last.
import type { Page } from 'playwright-core';

/** The texts of `selector` on every page of the list at `path`, in order, following rel="next". */
export async function textsOnAllPages(page: Page, baseUrl: string, path: string, selector: string): Promise<string[]> {
  const texts: string[] = [];
  for (let next: string | null = path, pages = 0; next; pages += 1) {
    if (pages > 50) throw new Error(`${path}: more than 50 pages, or rel="next" loops`);
    const res = await page.goto(baseUrl + next);
    if (res?.status() !== 200) throw new Error(`${next} answered ${res?.status()}`);
    texts.push(...(await page.locator(selector).allTextContents()));
    const link = page.locator('head link[rel="next"]');
    next = (await link.count()) ? new URL((await link.getAttribute('href'))!, baseUrl).pathname : null;
  }
  return texts;
}
