// What a visitor may send as a suggestion (a correction of a company page or a company we lack), and
// what an editor sends to handle one. Visitors' text is stored as given, as plain text: control and
// bidirectional-override characters are removed, nothing is interpreted as HTML (pages and the admin
// escape it on output). Shared by the public API route and the admin screens.
import { z } from 'zod';
import { LANGS } from '../i18n-langs.ts';

export const SUGGESTION_LIMITS = { company: 200, message: 4000, evidenceUrl: 2000, email: 254, reason: 1000 } as const;
export const MESSAGE_MIN = 10;

/** Control characters (except tab and newline) and the bidi overrides that can disguise text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

export function plainText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(UNSAFE, '').trim();
}

const text = (max: number, tooLong: string) =>
  z
    .string()
    .default('')
    .transform(plainText)
    .pipe(z.string().max(max, tooLong));

export const suggestionInputSchema = z.object({
  company: text(SUGGESTION_LIMITS.company, `The company name is too long (at most ${SUGGESTION_LIMITS.company} characters).`).pipe(
    z.string().min(1, 'Name the company.'),
  ),
  message: text(SUGGESTION_LIMITS.message, `The message is too long (at most ${SUGGESTION_LIMITS.message} characters).`).pipe(
    z.string().min(MESSAGE_MIN, `Tell us what is wrong or missing (at least ${MESSAGE_MIN} characters).`),
  ),
  evidence_url: text(SUGGESTION_LIMITS.evidenceUrl, 'The evidence address is too long.').pipe(
    z
      .string()
      .min(1, 'An evidence address (https://…) is required.')
      .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'The evidence address must be a full https:// address.' })),
  ),
  email: text(SUGGESTION_LIMITS.email, 'The email address is too long.').pipe(
    z.union([z.literal(''), z.email('This email address does not look right.')], { error: 'This email address does not look right.' }),
  ),
  lang: z.enum(LANGS).catch('en'),
});

export type SuggestionInput = z.output<typeof suggestionInputSchema>;

/** The form's field names; `website` is the honeypot (hidden from people), `token` the signed time. */
export const SUGGESTION_FIELDS = ['company', 'message', 'evidence_url', 'email', 'lang', 'website', 'token'] as const;
export const HONEYPOT_FIELD = 'website';

export const rejectSchema = z.object({
  reason: text(SUGGESTION_LIMITS.reason, `The reason is too long (at most ${SUGGESTION_LIMITS.reason} characters).`).pipe(
    z.string().min(3, 'Say why it is rejected (at least 3 characters).'),
  ),
});

/** Evidence links from visitors are shown as links only when they are https. */
export function isHttpsUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
