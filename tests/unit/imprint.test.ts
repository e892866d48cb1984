import { describe, expect, it } from 'vitest';
import { DEMO_IMPRINT, imprintConfig, isProductionBuild } from '../../src/lib/imprint.ts';

const real = { IMPRINT_NAME: 'Jane Doe', IMPRINT_ADDRESS: 'Hauptstr. 1 | 10115 Berlin | Germany', IMPRINT_EMAIL: 'jane@doe.eu' };

describe('imprint from configuration', () => {
  it('treats PRODUCTION=1 or a public SITE_URL as production, localhost and no SITE_URL as not', () => {
    expect(isProductionBuild({})).toBe(false);
    expect(isProductionBuild({ SITE_URL: 'http://127.0.0.1:4321' })).toBe(false);
    expect(isProductionBuild({ SITE_URL: 'http://localhost:4321' })).toBe(false);
    expect(isProductionBuild({ SITE_URL: 'https://european-alternatives.eu' })).toBe(true);
    expect(isProductionBuild({ PRODUCTION: '1' })).toBe(true);
    expect(isProductionBuild({ PRODUCTION: '0', SITE_URL: 'https://european-alternatives.eu' })).toBe(false);
  });

  it('fails a production build without an imprint, or with placeholders, naming what to set', () => {
    expect(() => imprintConfig({ PRODUCTION: '1' })).toThrow(/IMPRINT_NAME, IMPRINT_ADDRESS, IMPRINT_EMAIL/);
    expect(() => imprintConfig({ SITE_URL: 'https://example.eu', ...real, IMPRINT_NAME: '[Operator name — to be filled in]' })).toThrow(/IMPRINT_NAME/);
  });

  it('shows a demo operator that says so in local and test builds', () => {
    expect(imprintConfig({})).toEqual(DEMO_IMPRINT);
    expect(imprintConfig({ SITE_URL: 'http://127.0.0.1:4321' }).demo).toBe(true);
  });

  it('reads a real imprint with its address lines', () => {
    expect(imprintConfig({ PRODUCTION: '1', ...real })).toMatchObject({ demo: false, name: 'Jane Doe', address: ['Hauptstr. 1', '10115 Berlin', 'Germany'], email: 'jane@doe.eu' });
  });
});
