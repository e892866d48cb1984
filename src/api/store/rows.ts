// Table rows from the API's field names, shared by the stores and the importer: a company's EU fine and
// a source (of a company, or of a product when productId is set).
import type * as t from '../../../db/schema.ts';
import type { CompanyValues } from '../../lib/schemas/company.ts';
import type { SourceValues } from '../../lib/schemas/facts.ts';

type FineValues = NonNullable<CompanyValues['eu_fines']>[number];

export function fineRow(companyId: number, f: FineValues): typeof t.euFine.$inferInsert {
  return {
    companyId,
    body: f.body,
    kind: f.kind,
    amount: f.amount,
    currentAmount: f.current_amount,
    status: f.status,
    currency: f.currency,
    date: f.date,
    description: f.description,
    translations: f.translations,
    announcementUrl: f.announcement_url,
    statusUrl: f.status_url,
    verifiedAt: f.verified_at,
  };
}

export function sourceRow(companyId: number, productId: number | null, s: SourceValues): typeof t.source.$inferInsert {
  return { companyId, productId, url: s.url, title: s.title, facts: s.facts, verifiedAt: s.verified_at };
}
