// The country form and API input: tax rate 0 to 100 in steps of 0.1, population a whole number >= 0.
import { z } from 'zod';
import { requiredNumber } from './common.ts';

/** True when v is a multiple of step, allowing for binary floating point (0.1 + 0.2 and friends). */
export function isStep(v: number, step: number): boolean {
  const q = v / step;
  return Math.abs(q - Math.round(q)) < 1e-6;
}

export const countryInputSchema = z.object({
  corporate_tax_rate: requiredNumber('Corporate tax rate is required', 'Corporate tax rate must be a number')
    .min(0, 'Corporate tax rate must be between 0 and 100')
    .max(100, 'Corporate tax rate must be between 0 and 100')
    .refine((v) => isStep(v, 0.1), 'Corporate tax rate must be in steps of 0.1'),
  population: requiredNumber('Population is required', 'Population must be a number')
    .int('Population must be a whole number')
    .min(0, 'Population must be 0 or more')
    .max(Number.MAX_SAFE_INTEGER, 'Population is too large'),
  // The EU-member toggle; the server sets joined_date (today when the country becomes a member, else null).
  is_eu_member: z.boolean({ error: 'EU membership must be true or false' }).default(false),
});

export type CountryInput = z.input<typeof countryInputSchema>;
export type CountryValues = z.output<typeof countryInputSchema>;
