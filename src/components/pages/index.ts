// Which component renders each page id. Adding a page: one route-table entry and one line here.
import type { PageId } from '../../lib/routes.ts';
import type { PageEntry } from '../../lib/paths.ts';
import HomePage from './HomePage.astro';
import NotFoundPage from './NotFoundPage.astro';

type PageComponent = (props: { entry: PageEntry }) => unknown;

export const PAGE_COMPONENTS: Record<PageId, PageComponent> = {
  home: HomePage,
  companies: NotFoundPage,
  company: NotFoundPage,
  categories: NotFoundPage,
  category: NotFoundPage,
  subcategory: NotFoundPage,
  countries: NotFoundPage,
  country: NotFoundPage,
  mission: NotFoundPage,
  privacy: NotFoundPage,
  terms: NotFoundPage,
  imprint: NotFoundPage,
  notFound: NotFoundPage,
};
