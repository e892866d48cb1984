// What the company form loads besides the company itself, as the API returns it.
import type { InferResponseType } from 'hono/client';
import type { api } from '../../api.ts';

export type CategoryOption = InferResponseType<typeof api.api.admin.categories.$get, 200>[number];
export type CertificateOption = InferResponseType<typeof api.api.admin.certificates.$get, 200>[number];
export type CompanyOption = InferResponseType<typeof api.api.admin.companies.$get, 200>[number];
export type CompanyDetail = InferResponseType<(typeof api.api.admin.companies)[':id']['$get'], 200>;
