// A product as the API returns it to the product form.
import type { InferResponseType } from 'hono/client';
import type { api } from '../../api.ts';

export type ProductDetail = InferResponseType<(typeof api.api.admin.products)[':id']['$get'], 200>;
