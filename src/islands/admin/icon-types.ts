// Colours of the certificate icon types (labels from the schema; unknown types are gray).
import { ICON_TYPE_LABELS, type IconType } from '../../lib/schemas/certificate.ts';

export const ICON_TYPE_SWATCH: Record<IconType, string> = {
  green: 'bg-green-600',
  blue: 'bg-blue-600',
  purple: 'bg-purple-600',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
};

export function iconTypeLabel(type: string): string {
  return ICON_TYPE_LABELS[type as IconType] ?? 'Gray';
}

export function iconTypeSwatch(type: string): string {
  return ICON_TYPE_SWATCH[type as IconType] ?? 'bg-slate-400';
}
