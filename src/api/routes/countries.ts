// /api/admin/countries: the 53 fixed countries (list, get, edit). Unknown codes are 404.
import { Hono } from 'hono';
import { zValidator } from '../validator.ts';
import { listQuerySchema } from '../../lib/schemas/list.ts';
import { countryInputSchema } from '../../lib/schemas/country.ts';
import { nowOf, type AppEnv } from '../context.ts';
import { notFound, validationHook } from '../errors.ts';
import { getCountry, listCountries, updateCountry, COUNTRY_SORTS } from '../store/countries.ts';

const listQuery = listQuerySchema(COUNTRY_SORTS, 'name');

export const countryRoutes = new Hono<AppEnv>()
  .get('/', zValidator('query', listQuery, validationHook), async (c) => c.json(await listCountries(c.var.deps.db, c.req.valid('query')), 200))
  .get('/:code', async (c) => {
    const country = await getCountry(c.var.deps.db, c.req.param('code'));
    if (!country) throw notFound('Country');
    return c.json(country, 200);
  })
  .put('/:code', zValidator('json', countryInputSchema, validationHook), async (c) => {
    const code = c.req.param('code');
    if (!(await getCountry(c.var.deps.db, code))) throw notFound('Country');
    await updateCountry(c.var.deps.db, code, c.req.valid('json'), new Date(nowOf(c)));
    return c.json((await getCountry(c.var.deps.db, code))!, 200);
  });
