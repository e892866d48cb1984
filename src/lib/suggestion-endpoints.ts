// Where the public suggestion form posts and where it gets its time token (the Hono API, /api/*).
export const SUGGESTION_ENDPOINT = '/api/suggestions';
export const SUGGESTION_TOKEN_ENDPOINT = '/api/suggestions/token';
