// The legal notice (imprint) comes from configuration, never from placeholders in the content files.
// A production build without it fails with a message saying what to set; a local or test build shows
// a clearly marked demo operator instead.
export interface Imprint {
  /** true: demo values, the site is not a real publication */
  demo: boolean;
  name: string;
  /** postal address, one line per entry */
  address: string[];
  email: string;
  phone?: string;
  vatId?: string;
  /** person responsible for the content (German MStV § 18(2)); the operator when not set */
  responsible?: string;
}

type Source = Record<string, string | undefined>;

/**
 * A production build: PRODUCTION=1, or a SITE_URL that is not on this machine. `npm start`, `npm test`
 * and a plain `npm run build` leave SITE_URL unset or on 127.0.0.1/localhost and get the demo.
 */
export function isProductionBuild(env: Source = process.env): boolean {
  if (env.PRODUCTION === '1' || env.PRODUCTION === 'true') return true;
  if (env.PRODUCTION === '0' || env.PRODUCTION === 'false') return false;
  if (!env.SITE_URL) return false;
  try {
    const host = new URL(env.SITE_URL).hostname;
    return !['localhost', '127.0.0.1', '[::1]', '::1'].includes(host);
  } catch {
    return false;
  }
}

/** Text that was obviously never filled in. */
const PLACEHOLDER = /^\s*$|\[|to be filled|example\.(com|org)|todo|placeholder/i;

export const IMPRINT_VARS = ['IMPRINT_NAME', 'IMPRINT_ADDRESS', 'IMPRINT_EMAIL'] as const;

export const DEMO_IMPRINT: Imprint = {
  demo: true,
  name: 'Demo operator (not a real publication)',
  address: ['Set IMPRINT_NAME, IMPRINT_ADDRESS and IMPRINT_EMAIL', 'before publishing this site'],
  email: 'imprint@invalid',
};

export function imprintConfig(env: Source = process.env): Imprint {
  const missing = IMPRINT_VARS.filter((name) => PLACEHOLDER.test(env[name] ?? ''));
  if (missing.length) {
    if (isProductionBuild(env)) {
      throw new Error(
        `Imprint: a production build (PRODUCTION=1 or SITE_URL ${env.SITE_URL ?? ''} not on localhost) needs the operator's legal notice. ` +
          `Set ${missing.join(', ')} (IMPRINT_ADDRESS: lines separated by "|"); see README, Configuration.`,
      );
    }
    return DEMO_IMPRINT;
  }
  const optional = (name: string) => (env[name] && !PLACEHOLDER.test(env[name]!) ? env[name] : undefined);
  return {
    demo: false,
    name: env.IMPRINT_NAME!.trim(),
    address: env.IMPRINT_ADDRESS!.split('|').map((line) => line.trim()).filter(Boolean),
    email: env.IMPRINT_EMAIL!.trim(),
    phone: optional('IMPRINT_PHONE'),
    vatId: optional('IMPRINT_VAT_ID'),
    responsible: optional('IMPRINT_RESPONSIBLE'),
  };
}
