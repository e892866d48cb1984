// Which component renders each page id. Adding a page: one route-table entry and one line here.
import type { PageId } from '../../lib/routes.ts';
import type { PageEntry } from '../../lib/paths.ts';
import HomePage from './HomePage.astro';
import NotFoundPage from './NotFoundPage.astro';
import MissionPage from './MissionPage.astro';
import StaticPage from './StaticPage.astro';
import CompaniesPage from './CompaniesPage.astro';
import CompanyPage from './CompanyPage.astro';
import CategoriesPage from './CategoriesPage.astro';
import CategoryPage from './CategoryPage.astro';
import SubcategoryPage from './SubcategoryPage.astro';
import CountriesPage from './CountriesPage.astro';
import CountryPage from './CountryPage.astro';
import CriteriaPage from './CriteriaPage.astro';
import FinesPage from './FinesPage.astro';
import SuggestPage from './SuggestPage.astro';
import SuggestThanksPage from './SuggestThanksPage.astro';
import OpenDataPage from './OpenDataPage.astro';
import AlternativesPage from './AlternativesPage.astro';
import ProductPage from './ProductPage.astro';
import GuidesPage from './GuidesPage.astro';
import GuidePage from './GuidePage.astro';
import SearchPage from './SearchPage.astro';

type PageComponent = (props: { entry: PageEntry }) => unknown;

export const PAGE_COMPONENTS: Record<PageId, PageComponent> = {
  home: HomePage,
  companies: CompaniesPage,
  companiesPage: CompaniesPage,
  company: CompanyPage,
  categories: CategoriesPage,
  category: CategoryPage,
  categoryPage: CategoryPage,
  subcategory: SubcategoryPage,
  subcategoryPage: SubcategoryPage,
  countries: CountriesPage,
  country: CountryPage,
  countryPage: CountryPage,
  mission: MissionPage,
  privacy: StaticPage,
  terms: StaticPage,
  imprint: StaticPage,
  criteria: CriteriaPage,
  fines: FinesPage,
  notFound: NotFoundPage,
  suggest: SuggestPage,
  suggestThanks: SuggestThanksPage,
  openData: OpenDataPage,
  alternatives: AlternativesPage,
  product: ProductPage,
  guides: GuidesPage,
  guide: GuidePage,
  search: SearchPage,
};
