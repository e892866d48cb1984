// What the company form loads besides the company itself, as the API returns it.
import type { InferResponseType } from 'hono/client';
import type { api } from '../../api.ts';

type Item<T> = T extends { items: (infer I)[] } ? I : never;

export type CategoryOption = Item<InferResponseType<typeof api.api.admin.categories.$get, 200>>;
export type CertificateOption = Item<InferResponseType<typeof api.api.admin.certificates.$get, 200>>;
export type CompanyDetail = InferResponseType<(typeof api.api.admin.companies)[':id']['$get'], 200>;

/** A company as the alternatives section shows it: from a server search or from the company's own links. */
export interface CompanyOption {
  id: number;
  name: string;
  country: string;
}

/** The companies a loaded company links to (either way): all the alternatives section needs up front. */
export function linkedCompanies(company: CompanyDetail | undefined): CompanyOption[] {
  if (!company) return [];
  return [...company.alternatives, ...company.alternative_to].map((c) => ({ id: c.company_id, name: c.name, country: c.country }));
}
