// The certificate form and API input (name, description and icon type required);
// the description in other languages sits in `translations`.
import { z } from 'zod';
import { ICON_TYPES } from '../../../db/enums.ts';
import { translationsSchema } from '../translations.ts';
import { nameSchema } from './common.ts';

export { ICON_TYPES };
export type IconType = (typeof ICON_TYPES)[number];

export const ICON_TYPE_LABELS: Record<IconType, string> = {
  green: 'Green (Environmental)',
  blue: 'Blue (Quality)',
  purple: 'Purple (Innovation)',
  orange: 'Orange (Safety)',
  red: 'Red (Compliance)',
};

/** Shared with the import file format. */
export const certificateDescriptionSchema = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(2000, 'Description is too long');

export const certificateInputSchema = z.object({
  name: nameSchema,
  description: certificateDescriptionSchema,
  translations: translationsSchema({ description: 2000 }),
  icon_type: z.enum(ICON_TYPES, 'Icon type is required'),
});

export type CertificateInput = z.input<typeof certificateInputSchema>;
export type CertificateValues = z.output<typeof certificateInputSchema>;
