// Value lists shared by the schema, the zod validators and the admin forms. Kept apart from
// schema.ts so browser bundles can use them without pulling in drizzle.
export const ICON_TYPES = ['green', 'blue', 'purple', 'orange', 'red'] as const;
export const CERTIFICATION_STATUSES = ['Verified', 'Certified', 'Compliant', 'Pending'] as const;
