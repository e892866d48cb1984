// The sign-in page's "return to" target (?from=) is a path of the admin app on this origin, never
// another site: the same rule as the server's redirects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../src/islands/admin/router.tsx';

const g = globalThis as { location?: unknown };
let saved: unknown;
beforeAll(() => {
  saved = g.location;
  g.location = new URL('http://127.0.0.1:4321/admin');
});
afterAll(() => {
  g.location = saved;
});

describe('sign-in return path', () => {
  it('keeps admin paths of this origin with their query', () => {
    expect(safeReturnPath('/admin/companies/3?tab=fines')).toBe('/admin/companies/3?tab=fines');
    expect(safeReturnPath('http://127.0.0.1:4321/admin/categories')).toBe('/admin/categories');
  });

  it('sends everything else to the companies list', () => {
    for (const from of [
      null,
      '',
      '//evil.example/admin/x',
      '/\\evil.example/admin/x',
      '\\\\evil.example/admin/x',
      'https://evil.example/admin/companies',
      'javascript:alert(1)',
      '/admin//evil.example',
      '/companies',
      '/admin',
    ]) {
      expect(safeReturnPath(from), String(from)).toBe('/admin/companies');
    }
  });
});
