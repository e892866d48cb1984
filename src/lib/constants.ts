// Business constants of SPEC section 9.
export const COMPANY_PAGE_SIZE = 12;
export const PAGINATION_SLOTS = 7;
export const HOME_SECTION_SIZE = 6;
export const HOME_CATEGORY_SLUGS = [
  'entertainment',
  'food-beverage',
  'mobility',
  'computing-hardware',
  'fashion',
  'sports',
  'home-kitchen',
  'beauty',
  'travel-hospitality',
] as const;
export const POPULAR_COMPANY_SLUGS = ['facebook', 'airbnb', 'netflix', 'coca-cola', 'levis', 'amazon'] as const;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_LIMITS = { companies: 3, categories: 2, subcategories: 2, flags: 5 } as const;
export const VERSION_BADGE = 'v1.0';
