// Business constants: page sizes, home page selections, limits.
export const COMPANY_PAGE_SIZE = 12;
export const PAGINATION_SLOTS = 7;
/** Cards per page of a category, subcategory or country page (pages 2..n live under /page/N). */
export const LIST_PAGE_SIZE = 60;
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
/** Companies we hold featured art for (public/images/featured/<slug>.svg). The home page's popular list
 *  is chosen from data (most published alternatives); these six only decide where art replaces the monogram. */
export const POPULAR_COMPANY_SLUGS = ['facebook', 'airbnb', 'netflix', 'coca-cola', 'levis', 'amazon'] as const;
/** The switches people make most, led with on the home page: a label key and the subcategory it opens. */
export const HOME_SWITCHES = [
  { id: 'mail', category: 'email-office', subcategory: 'email-providers' },
  { id: 'search', category: 'search-browsers', subcategory: 'search-engines' },
  { id: 'cloud', category: 'email-office', subcategory: 'cloud-storage-file-sharing' },
  { id: 'messaging', category: 'messaging', subcategory: 'instant-messaging' },
  { id: 'maps', category: 'mobility', subcategory: 'navigation-maps' },
  { id: 'social', category: 'social-media', subcategory: 'social-networks' },
  { id: 'shopping', category: 'e-commerce', subcategory: 'online-marketplaces' },
  { id: 'streaming', category: 'entertainment', subcategory: 'video-streaming-tv' },
] as const;
/** The products people switch away from most, led with on the home page when they have an alternatives
 *  page (slugs that do not exist are skipped; the products with the most alternatives fill the rest). */
export const HOME_PRODUCT_SLUGS = [
  'gmail',
  'whatsapp',
  'google-drive',
  'google-search',
  'chrome',
  'google-maps',
  'outlook',
  'microsoft-365',
  'instagram',
  'youtube',
  'dropbox',
  'icloud',
] as const;
export const HOME_PRODUCT_COUNT = 8;
export const SEARCH_DEBOUNCE_MS = 300;
/** Suggestions under the search box, all groups together; flags of alternatives' countries per company. */
export const SEARCH_LIMITS = { suggestions: 8, flags: 5 } as const;
/** Companies per detail shard of the search index (src/lib/search-index.ts). */
export const SEARCH_SHARD_SIZE = 500;
