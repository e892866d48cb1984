// The one HTML page the API renders: the suggestion form again, for visitors without JavaScript, with
// what they typed, a fresh time token and what to do (check and send, fix a field, wait). Everything a
// visitor sent is escaped here; the page has no script, one inline style allowed by its hash.
import en from '../../../content/i18n/en.json' with { type: 'json' };
import { DEFAULT_LANG, isLang, type Lang } from '../../lib/i18n-langs.ts';
import { url } from '../../lib/routes.ts';
import { HONEYPOT_FIELD, MESSAGE_MIN, SUGGESTION_LIMITS } from '../../lib/schemas/suggestion.ts';
import { SUGGESTION_ENDPOINT } from '../../lib/suggestion-endpoints.ts';

type Key = keyof typeof en;
type Strings = Partial<Record<string, string>>;
// Every language's strings file, found by its code when a page in that language is first rendered
// (Node, the Workers bundle and vitest all resolve this dynamic import), so a language added in
// content/languages.json needs no change here. English is always there.
const STRINGS = new Map<Lang, Strings>([[DEFAULT_LANG, en]]);

/** The language of a posted form (English for anything else), with its strings loaded. */
export async function pageLanguage(value: unknown): Promise<Lang> {
  const lang = langOr(value);
  if (!STRINGS.has(lang)) {
    const file: { default: Strings } = await import(`../../../content/i18n/${lang}.json`, { with: { type: 'json' } });
    STRINGS.set(lang, file.default);
  }
  return lang;
}

function tr(lang: Lang, key: Key, vars: Record<string, string | number> = {}): string {
  const template = STRINGS.get(lang)?.[key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0}main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
header{background:#039;color:#fff;padding:.75rem 1rem}header a{color:#fff;font-weight:600}h1{font-size:1.6rem;line-height:1.2}
label{display:block;font-weight:600;margin-top:1.25rem}.hint{margin:.25rem 0 0;font-size:.9rem;color:#475569}
input,textarea{display:block;box-sizing:border-box;width:100%;margin-top:.5rem;padding:.5rem .75rem;font:inherit;border:1px solid #94a3b8;border-radius:.5rem;background:#fff}
textarea{min-height:9rem}button{margin-top:1.5rem;min-height:2.75rem;padding:.6rem 1.25rem;font:inherit;font-weight:600;color:#fff;background:#039;border:0;border-radius:.5rem;cursor:pointer}
.note{padding:.75rem 1rem;border-radius:.5rem;background:#eff6ff;border:1px solid #bfdbfe}.error{background:#fef2f2;border-color:#fecaca;color:#7f1d1d}
.err{color:#b91c1c;font-size:.9rem;margin:.25rem 0 0}.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}a{color:#039}`;

/** 'sha256-…' of PAGE_STYLE, for the page's Content-Security-Policy (Web Crypto: Node and Workers). */
let styleHash: Promise<string> | undefined;
export function pageStyleHash(): Promise<string> {
  return (styleHash ??= crypto.subtle.digest('SHA-256', new TextEncoder().encode(PAGE_STYLE)).then((d) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(d)))}'`));
}

export interface FormValues {
  company: string;
  message: string;
  evidence_url: string;
  email: string;
}

export type Notice = 'check' | 'too_fast' | 'errors' | 'rate_limited' | 'refused';

export interface PageInput {
  lang: Lang;
  values: FormValues;
  token: string;
  notice: Notice;
  /** field name -> message, for `errors` */
  fieldErrors?: Partial<Record<keyof FormValues, string>>;
  /** what the company field resolved to, shown on the check page */
  company?: { listed: boolean; name: string };
}

export function fieldError(lang: Lang, field: keyof FormValues): string {
  if (field === 'company') return tr(lang, 'suggest.error_company', { max: SUGGESTION_LIMITS.company });
  if (field === 'message') return tr(lang, 'suggest.error_message', { min: MESSAGE_MIN, max: SUGGESTION_LIMITS.message });
  if (field === 'evidence_url') return tr(lang, 'suggest.error_evidence');
  return tr(lang, 'suggest.error_email');
}

export function renderSuggestionPage(p: PageInput): string {
  const { lang, values: v } = p;
  const e = (s: string) => escapeHtml(s);
  const title = p.notice === 'check' || p.notice === 'too_fast' ? tr(lang, 'suggest.check_title') : tr(lang, 'suggest.refused');
  const notice = {
    check: tr(lang, 'suggest.check_text'),
    too_fast: tr(lang, 'suggest.too_fast'),
    errors: tr(lang, 'suggest.errors_title'),
    rate_limited: tr(lang, 'suggest.rate_limited'),
    refused: tr(lang, 'suggest.refused'),
  }[p.notice];
  const isError = p.notice === 'errors' || p.notice === 'rate_limited' || p.notice === 'refused';
  const errors = p.fieldErrors ?? {};
  const errorList = Object.values(errors).length ? `<ul>${Object.values(errors).map((m) => `<li>${e(m!)}</li>`).join('')}</ul>` : '';
  const companyNote = p.company
    ? `<p class="note">${e(p.company.listed ? tr(lang, 'suggest.correction_for', { company: p.company.name }) : tr(lang, 'suggest.new_company', { company: p.company.name }))}</p>`
    : '';
  const field = (name: keyof FormValues, id: string, labelKey: Key, hint: string, control: string) => {
    const err = errors[name];
    const described = `${id}-hint${err ? ` ${id}-error` : ''}`;
    return `<label for="${id}">${e(tr(lang, labelKey))}</label><p class="hint" id="${id}-hint">${e(hint)}</p>${
      err ? `<p class="err" id="${id}-error">${e(err)}</p>` : ''
    }${control.replace('%ATTRS%', `id="${id}" aria-describedby="${described}"${err ? ' aria-invalid="true"' : ''}`)}`;
  };
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${e(title)} · European Alternatives</title><style>${PAGE_STYLE}</style></head>
<body><header><a href="${url(lang, 'home')}">European Alternatives</a></header>
<main><h1>${e(title)}</h1>
<div class="note${isError ? ' error' : ''}" role="${isError ? 'alert' : 'status'}"><p>${e(notice)}</p>${errorList}</div>
${companyNote}
<form method="post" action="${SUGGESTION_ENDPOINT}" data-suggest-form>
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="token" value="${e(p.token)}">
${field('company', 'suggest-company', 'suggest.company', tr(lang, 'suggest.company_hint'), `<input %ATTRS% name="company" type="text" required maxlength="${SUGGESTION_LIMITS.company}" autocomplete="off" value="${e(v.company)}">`)}
${field('message', 'suggest-message', 'suggest.message', tr(lang, 'suggest.message_hint', { min: MESSAGE_MIN, max: SUGGESTION_LIMITS.message }), `<textarea %ATTRS% name="message" required maxlength="${SUGGESTION_LIMITS.message}" rows="6">${e(v.message)}</textarea>`)}
${field('evidence_url', 'suggest-evidence', 'suggest.evidence', tr(lang, 'suggest.evidence_hint'), `<input %ATTRS% name="evidence_url" type="url" required maxlength="${SUGGESTION_LIMITS.evidenceUrl}" value="${e(v.evidence_url)}">`)}
${field('email', 'suggest-email', 'suggest.email', tr(lang, 'suggest.email_hint'), `<input %ATTRS% name="email" type="email" maxlength="${SUGGESTION_LIMITS.email}" autocomplete="email" value="${e(v.email)}">`)}
<div class="trap" aria-hidden="true"><label for="suggest-website">${e(tr(lang, 'suggest.honeypot'))}</label><input id="suggest-website" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>
<p class="hint">${e(tr(lang, 'suggest.privacy'))}</p>
<button type="submit">${e(tr(lang, 'suggest.send'))}</button>
</form>
<p><a href="${url(lang, 'suggest')}">${e(tr(lang, 'suggest.back'))}</a></p>
</main></body></html>`;
}

export function langOr(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}
