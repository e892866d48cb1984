// Synthetic directory data at scale, in the admin import format (src/lib/schemas/import.ts), so it goes
// through the same import code as the seed and the admin API. Pure and deterministic: the same options
// give the same records. Used by `npm run db:synthetic` and the benchmarks.
//
// Shape, taken from the real seed (db/seed/): about 10% of the companies are non-European (mostly US),
// each with 2 to 8 European alternatives in its category; about a quarter of those carry EU fines;
// some European companies carry certifications; every category and every European country (except
// RU and BY, which the site never lists) gets companies; names, descriptions and subcategories are
// generated in English, German and French.
import { COUNTRIES, EUROPEAN_COUNTRIES } from '../src/lib/countries.ts';
import { slugify } from '../src/lib/schemas/common.ts';
import type { CompanyRecordInput } from '../src/lib/schemas/import.ts';

type Names = { translations?: Record<string, { name?: string | null } | null | undefined> | null };
export interface SeedCategory extends Names {
  name: string;
  slug: string;
  subcategories: ({ name: string; slug: string } & Names)[];
}

const nameIn = (record: { name: string } & Names, lang: string) => record.translations?.[lang]?.name || record.name;

export interface SeedInput {
  categories: SeedCategory[];
  certifications: { name: string }[];
  /** the real companies, in import format; taken first, up to the requested count */
  companies: CompanyRecordInput[];
}

export interface SyntheticOptions {
  /** total number of companies, real ones included */
  companies: number;
  /** PRNG seed: the same seed gives the same data */
  seed?: number;
  /** start with the real seed companies (default true) */
  includeReal?: boolean;
}

/** mulberry32: small, fast, good enough for test data, and the same on every machine. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['al', 'ber', 'co', 'da', 'el', 'fa', 'gen', 'ha', 'is', 'jo', 'ka', 'lu', 'mo', 'nor', 'or', 'pa', 'qui', 'ra', 'sol', 'ta', 'ul', 'ver', 'wa', 'xe', 'yo', 'zen', 'tri', 'stra', 'blu', 'vi', 'ne', 'lin', 'mar', 'sen', 'dor', 'kle'];
const WORDS = ['Tech', 'Systems', 'Bank', 'Mobility', 'Foods', 'Cloud', 'Labs', 'Energy', 'Games', 'Studio', 'Media', 'Health', 'Pay', 'Travel', 'Fashion', 'Software', 'Robotics', 'Bio', 'Solar', 'Logistics', 'Audio', 'Mail', 'Drive', 'Home'];
const FORMS: Record<string, string[]> = {
  DE: [' GmbH', ' AG', ' SE'],
  AT: [' GmbH', ' AG'],
  CH: [' AG', ' SA', ' GmbH'],
  FR: [' SA', ' SAS'],
  BE: [' SA', ' NV'],
  LU: [' SA', ' Sàrl'],
  NL: [' BV', ' NV'],
  SE: [' AB'],
  FI: [' Oy', ' Oyj'],
  NO: [' AS', ' ASA'],
  DK: [' A/S', ' ApS'],
  IT: [' SpA', ' Srl'],
  ES: [' SA', ' SL'],
  PL: [' S.A.', ' sp. z o.o.'],
  GB: [' Ltd', ' plc'],
  IE: [' Ltd', ' DAC'],
  US: [' Inc.', ' Corp.', ' LLC'],
};
const CITIES: Record<string, string[]> = {
  DE: ['Berlin', 'Munich', 'Hamburg', 'Cologne', 'Frankfurt', 'Stuttgart', 'Leipzig'],
  FR: ['Paris', 'Lyon', 'Toulouse', 'Nantes', 'Bordeaux', 'Lille'],
  GB: ['London', 'Manchester', 'Edinburgh', 'Bristol', 'Cambridge'],
  NL: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven'],
  SE: ['Stockholm', 'Gothenburg', 'Malmö'],
  IT: ['Milan', 'Rome', 'Turin', 'Bologna'],
  ES: ['Madrid', 'Barcelona', 'Valencia', 'Bilbao'],
  CH: ['Zurich', 'Geneva', 'Basel', 'Lausanne'],
  PL: ['Warsaw', 'Kraków', 'Wrocław', 'Gdańsk'],
  US: ['San Francisco', 'Seattle', 'New York', 'Austin', 'Boston', 'Chicago'],
};
// Where the non-European companies come from, as in the seed: mostly the United States.
const NON_EUROPEAN = ['US', 'US', 'US', 'US', 'US', 'US', 'US', 'US', 'CN', 'CN', 'CA', 'JP', 'KR', 'AU'];
// European countries weighted like the seed: big economies often, every other country sometimes.
const WEIGHTED_EUROPE = ['DE', 'DE', 'DE', 'DE', 'DE', 'FR', 'FR', 'FR', 'GB', 'GB', 'NL', 'IT', 'SE', 'CH', 'ES', 'DK', 'FI', 'AT', 'PL', 'BE', 'NO', 'CZ'];

const TEMPLATES = {
  en: (name: string, country: string, category: string, sub: string) =>
    `${name} is a company from ${country} in ${category}, focused on ${sub.toLowerCase()}. It serves customers across Europe and keeps its data and operations in the EU.`,
  de: (name: string, country: string, category: string, sub: string) =>
    `${name} ist ein Unternehmen aus ${country} im Bereich ${category} mit Schwerpunkt ${sub}. Es bedient Kundinnen und Kunden in ganz Europa und betreibt Daten und Geschäft in der EU.`,
  fr: (name: string, country: string, category: string, sub: string) =>
    `${name} est une entreprise de ${country} dans le secteur ${category}, spécialisée en ${sub.toLowerCase()}. Elle sert des clients dans toute l'Europe et garde ses données et ses activités dans l'UE.`,
};
const FINE_TEXT = {
  en: 'Fined by the European Commission for abusing a dominant position in the EU market.',
  de: 'Geldbuße der Europäischen Kommission wegen Missbrauchs einer marktbeherrschenden Stellung im EU-Binnenmarkt.',
  fr: "Amende de la Commission européenne pour abus de position dominante sur le marché de l'UE.",
};

/** Generates the directory: the real categories and certifications, and `companies` company records. */
export function generateDirectory(seedInput: SeedInput, options: SyntheticOptions): { categories: SeedCategory[]; certifications: { name: string }[]; companies: CompanyRecordInput[] } {
  const random = prng(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const total = Math.max(0, Math.floor(options.companies));

  const real = options.includeReal === false ? [] : seedInput.companies.slice(0, total);
  const realSlugs = new Set(real.map((c) => c.slug));
  // A real subset keeps only alternatives (company and product links) that are in it.
  const realProducts = new Set(real.flatMap((c) => (c.products ?? []).map((p) => p.slug)));
  const companies: CompanyRecordInput[] = real.map((c) => ({
    ...c,
    alternatives: c.alternatives?.filter((a) => realSlugs.has(a.slug)),
    products: c.products?.map((p) => ({ ...p, alternatives: p.alternatives?.filter((a) => realProducts.has(a.product)) })),
  }));
  const slugs = new Set(companies.map((c) => c.slug));
  const names = new Set(companies.map((c) => c.name.toLowerCase()));

  const categories = seedInput.categories;
  const europe = EUROPEAN_COUNTRIES.map((c) => c.code);
  const countryOf = new Map(COUNTRIES.map((c) => [c.code, c]));
  const generated: CompanyRecordInput[] = [];
  for (let i = 0; companies.length + generated.length < total; i++) {
    // The first rounds go through every category and every country once, so all of them have companies.
    const category = i < categories.length ? categories[i] : pick(categories);
    const nonEuropean = i >= Math.max(categories.length, europe.length) && random() < 0.1;
    const country = nonEuropean ? pick(NON_EUROPEAN) : i < europe.length ? europe[i] : random() < 0.7 ? pick(WEIGHTED_EUROPE) : pick(europe);
    const stem = Array.from({ length: int(2, 3) }, () => pick(SYLLABLES)).join('');
    const shape = random();
    let name = stem[0].toUpperCase() + stem.slice(1);
    if (shape < 0.4) name += pick(FORMS[country] ?? ['']);
    else if (shape < 0.8) name += ` ${pick(WORDS)}${random() < 0.5 ? pick(FORMS[country] ?? ['']) : ''}`;
    else name += pick(WORDS).toLowerCase();
    while (names.has(name.toLowerCase())) name = `${name} ${int(2, 99)}`;
    names.add(name.toLowerCase());
    let slug = slugify(name) || `company-${i}`;
    while (slugs.has(slug)) slug = `${slugify(name)}-${int(2, 9999)}`;
    slugs.add(slug);

    const subs = category.subcategories.length ? Array.from(new Set(Array.from({ length: int(1, 2) }, () => pick(category.subcategories)))) : [];
    const sub = subs[0] ?? category;
    const place = countryOf.get(country)!;
    const european = !nonEuropean;
    generated.push({
      name,
      slug,
      country,
      website_url: `https://www.${slug}.example`,
      category: category.name,
      subcategories: subs.map((s) => s.name),
      founded_year: random() < 0.75 ? int(1850, 2023) : null,
      headquarters: random() < 0.6 ? pick(CITIES[country] ?? [place.names.en]) : null,
      employee_count: random() < 0.6 ? Math.round(Math.exp(2 + random() * 9)) : null,
      is_unicorn: european && random() < 0.03,
      double_irish: nonEuropean && random() < 0.02,
      sustainable: european && random() < 0.12,
      description: TEMPLATES.en(name, place.names.en, category.name, sub.name),
      translations: {
        de: { description: TEMPLATES.de(name, place.names.de, nameIn(category, 'de'), nameIn(sub, 'de')) },
        fr: { description: TEMPLATES.fr(name, place.names.fr, nameIn(category, 'fr'), nameIn(sub, 'fr')) },
      },
      ...syntheticOwnership(random, country, european, slug),
      certifications:
        european && random() < 0.06 && seedInput.certifications.length
          ? Array.from(new Set(Array.from({ length: int(1, 2) }, () => pick(seedInput.certifications).name))).map((cert) => ({
              name: cert,
              status: 'Verified' as const,
              valid_from: `${int(2008, 2024)}-01-01`,
            }))
          : [],
      eu_fines:
        nonEuropean && random() < 0.25
          ? Array.from({ length: int(1, 3) }, (_, n) => {
              const year = int(2004, 2025);
              const status = pick(['in_force', 'in_force', 'under_appeal', 'reduced', 'annulled'] as const);
              const amount = int(1, 4000) * 250_000;
              return {
                body: 'European Commission',
                kind: 'antitrust' as const,
                amount,
                current_amount: status === 'annulled' ? 0 : status === 'reduced' ? Math.round(amount * 0.8) : amount,
                status,
                currency: 'EUR',
                date: `${year}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`,
                description: FINE_TEXT.en,
                translations: { de: { description: FINE_TEXT.de }, fr: { description: FINE_TEXT.fr } },
                announcement_url: `https://ec.europa.eu/commission/presscorner/detail/en/ip_${String(year % 100).padStart(2, '0')}_${1000 + i * 3 + n}`,
              };
            })
          : [],
      alternatives: [],
    });
  }

  // Alternatives: each non-European company gets 2 to 8 European companies of its category.
  const all = [...companies, ...generated];
  const europeanByCategory = new Map<string, string[]>();
  for (const c of all) {
    if (!europe.includes(c.country)) continue;
    const list = europeanByCategory.get(c.category) ?? [];
    list.push(c.slug);
    europeanByCategory.set(c.category, list);
  }
  for (const c of generated) {
    if (europe.includes(c.country)) continue;
    const pool = europeanByCategory.get(c.category) ?? [];
    const chosen = new Set<string>();
    const want = Math.min(pool.length, int(2, 8));
    while (chosen.size < want) chosen.add(pick(pool));
    c.alternatives = [...chosen].map((slug) => ({ slug }));
  }
  return { categories, certifications: seedInput.certifications, companies: all };
}

const OWNER_COUNTRIES_OUTSIDE = ['US', 'CN', 'JP'];

/** Ownership facts and one source, so that generated pages show the trust card like real ones. */
function syntheticOwnership(random: () => number, country: string, european: boolean, slug: string) {
  const r = random();
  const foreignOwner = european && r < 0.05;
  const kind = foreignOwner ? 'parent' : r < 0.4 ? 'founders' : r < 0.7 ? 'investors' : r < 0.85 ? 'listed' : 'private_equity';
  return {
    owner_kind: kind as 'parent' | 'founders' | 'investors' | 'listed' | 'private_equity',
    owner_name: kind === 'parent' || kind === 'private_equity' ? `Holding of ${slug}` : null,
    owner_country: foreignOwner ? OWNER_COUNTRIES_OUTSIDE[Math.floor(random() * OWNER_COUNTRIES_OUTSIDE.length)] : kind === 'private_equity' ? country : null,
    sources: [{ url: `https://www.${slug}.example/about`, title: 'About us', facts: ['headquarters' as const, 'ownership' as const], verified_at: '2026-01-01' }],
  };
}
