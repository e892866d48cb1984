// Facts about the site itself that the shell shows. The operator adjusts these, not the components.

/** The version badge in the header (SPEC section 9: "v1.0"). */
export const SITE_VERSION = '1.0';

/** The social link in the footer. Operator: point this at your own account. */
export const SOCIAL_LINK = { network: 'Mastodon', url: 'https://mastodon.social/@EuropeanAlternatives' } as const;

/** The picture that link previews show (public/og-image.jpg). */
export const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 } as const;
