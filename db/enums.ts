// Value lists shared by the schema, the zod validators and the admin forms. Kept apart from
// schema.ts so browser bundles can use them without pulling in drizzle.
export const ICON_TYPES = ['green', 'blue', 'purple', 'orange', 'red'] as const;
export const CERTIFICATION_STATUSES = ['Verified', 'Certified', 'Compliant', 'Pending'] as const;

// Who ultimately controls a company (see src/lib/ownership.ts for what each means and how the
// control class is derived from it).
export const OWNER_KINDS = ['founders', 'investors', 'listed', 'cooperative', 'foundation', 'state', 'private_equity', 'parent'] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];

// Where a digital service keeps its customers' data.
export const HOSTING_REGIONS = ['eu', 'ch_uk', 'outside', 'mixed', 'unknown'] as const;
export type HostingRegion = (typeof HOSTING_REGIONS)[number];

// The facts a source can support.
export const SOURCE_FACTS = ['headquarters', 'ownership', 'founded', 'employees', 'unicorn', 'hosting', 'legal_name', 'status', 'certification', 'fine', 'product'] as const;
export type SourceFact = (typeof SOURCE_FACTS)[number];

export const FINE_STATUSES = ['in_force', 'reduced', 'annulled', 'under_appeal'] as const;
export type FineStatus = (typeof FINE_STATUSES)[number];
export const FINE_KINDS = ['antitrust', 'dma', 'gdpr', 'other'] as const;
export type FineKind = (typeof FINE_KINDS)[number];

// A record is shown on the public site only when published; drafts wait for review.
export const RECORD_STATUSES = ['published', 'draft'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const ADMIN_ROLES = ['owner', 'editor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const CHANGE_ACTIONS = ['create', 'update', 'delete', 'import', 'revert'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

// Decision facts of products.
export const PRICING_MODELS = ['free', 'freemium', 'paid'] as const;
export const PLATFORMS = ['web', 'android', 'ios', 'windows', 'macos', 'linux'] as const;

export const PUBLISH_STATES = ['queued', 'building', 'deploying', 'published', 'failed'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

export const SUGGESTION_KINDS = ['correction', 'new_company'] as const;
export const SUGGESTION_STATUSES = ['new', 'accepted', 'rejected'] as const;
