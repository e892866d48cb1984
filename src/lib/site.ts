// Facts about the site itself that the shell shows. The operator adjusts these, not the components.

/** The social link in the footer. Operator: point this at your own account. */
export const SOCIAL_LINK = { network: 'Mastodon', url: 'https://mastodon.social/@EuropeanAlternatives' } as const;
