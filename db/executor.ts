import type { Db } from './client.ts';

/** Either the database or an open transaction: write helpers accept both. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
