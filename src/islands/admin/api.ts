// The admin app's only way to the server: Hono's typed client over the API's AppType, plus the error
// shape ({ error, issues? }) as an ApiError and the retry rule for loads.
import { DetailedError, hc, parseResponse, type ClientResponse } from 'hono/client';
import type { AppType } from '../../api/app.ts';
import { MAX_PER_PAGE, type ListParams, type Paged } from '../../lib/schemas/list.ts';

export interface ApiIssue {
  path: string;
  message: string;
}

/** A failed call: the HTTP status (0 when the server could not be reached) and the API's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[];
  /** the whole error body (e.g. changed_by / changed_at of a 412) */
  readonly data: Record<string, unknown>;
  constructor(message: string, status: number, issues: ApiIssue[] = [], data: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
    this.data = data;
  }
}

/** Listeners told when any admin call answers 401: the session has ended (expiry, sign-out elsewhere). */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const watchedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (response.status === 401 && /\/api\/(admin\/|account|users)/.test(url)) for (const listener of unauthorizedListeners) listener();
  return response;
};

// Relative to the page's origin; same-origin requests carry the session cookie.
export const api = hc<AppType>('/', { fetch: watchedFetch });

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DetailedError) {
    const status = error.statusCode ?? 500;
    const data = (error.detail as { data?: unknown } | undefined)?.data as { error?: unknown; issues?: unknown } | undefined;
    const message = typeof data?.error === 'string' ? data.error : `The server answered ${status}.`;
    const issues = Array.isArray(data?.issues) ? (data.issues as ApiIssue[]) : [];
    return new ApiError(message, status, issues, data && typeof data === 'object' ? data : {});
  }
  return new ApiError('Could not reach the server. Check your connection.', 0);
}

/** The parsed body of a successful call; an ApiError for anything else. */
export async function call<T extends ClientResponse<unknown>>(request: T | Promise<T>) {
  try {
    return await parseResponse(request);
  } catch (error) {
    throw toApiError(error);
  }
}

export const RETRY_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 1000;

/** Whether trying again can help: the network or the server failed, not the request itself. */
export function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** A failed load is tried 3 times in all, waiting 1 s times the attempt number in between. */
export async function withRetry<T>(load: () => Promise<T>, signal?: AbortSignal, delayMs = RETRY_DELAY_MS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= RETRY_ATTEMPTS || !isTransient(error) || signal?.aborted) throw error;
      console.warn(`Load failed (attempt ${attempt} of ${RETRY_ATTEMPTS}), trying again`, error);
      await sleep(delayMs * attempt, signal);
    }
  }
}

/** The If-Match header for a save based on the given version of a record. */
export function ifMatch(version: number): { headers: Record<string, string> } {
  return { headers: { 'If-Match': `"${version}"` } };
}

/** "Failed to save company. Please try again." plus what the server said, when it said something useful. */
export function failure(headline: string, error: unknown): string {
  const detail = error instanceof ApiError && error.status !== 500 ? error.message : '';
  return detail && detail !== headline ? `${headline} ${detail}` : headline;
}

/** Every item of a paged list (e.g. all categories for a form's select), a page of 100 at a time. */
export async function fetchAll<T>(load: (query: ListParams) => Promise<Paged<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const result = await load({ page: String(page), per_page: String(MAX_PER_PAGE) });
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) return items;
  }
}
