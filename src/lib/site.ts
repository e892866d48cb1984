// Facts about the site itself that the shell shows. The operator adjusts these, not the components.

import { VERSION_BADGE } from './constants.ts';

/** The version shown in the header badge (SPEC section 9: "v1.0"), without its "v". */
export const SITE_VERSION = VERSION_BADGE.replace(/^v/, '');

/** The social link in the footer. Operator: point this at your own account. */
export const SOCIAL_LINK = { network: 'Mastodon', url: 'https://mastodon.social/@EuropeanAlternatives' } as const;

/** The picture that link previews show (public/og-image.jpg). */
export const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 } as const;
