// One structured line per API request: method, path, matched route, status and duration. Never a
// body, a cookie or a header; secrets in the URL are not written: an invitation token in the path
// is replaced by its route parameter, and the values of query parameters that look like secrets are
// dropped.
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';

export interface RequestLogEntry {
  /** ISO time the request arrived */
  time: string;
  method: string;
  /** the path and query as requested, secrets removed */
  path: string;
  /** the route that answered, e.g. /api/admin/companies/:id */
  route: string;
  status: number;
  /** milliseconds from arrival to the response, one decimal */
  ms: number;
}

export type RequestLogger = (entry: RequestLogEntry) => void;

/** Route parameters that are secrets themselves (the one-time invitation link). */
const SECRET_PARAMS = new Set(['token']);
/** Query parameters whose values are never logged. */
const SECRET_QUERY = /token|secret|password|passwd|key|signature|sig|code|auth|session/i;

/** The path to log: secret path segments as their route parameter, secret query values dropped. */
export function loggablePath(url: URL, route: string): string {
  const routeSegments = route.split('/');
  const path = url.pathname
    .split('/')
    .map((segment, i) => {
      const param = /^:(\w+)/.exec(routeSegments[i] ?? '')?.[1];
      return param && SECRET_PARAMS.has(param) ? `:${param}` : segment;
    })
    .join('/');
  const query = [...url.searchParams].map(([k, v]) => (SECRET_QUERY.test(k) ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`));
  return query.length ? `${path}?${query.join('&')}` : path;
}

/** The JSON line the servers write to standard output (one line per request, easy to grep and parse). */
export const jsonLineLogger: RequestLogger = (entry) => console.log(JSON.stringify(entry));

export function requestLog(log: RequestLogger, now: () => number = () => performance.now()): MiddlewareHandler {
  return async (c, next) => {
    const started = now();
    const time = new Date().toISOString();
    try {
      await next();
    } finally {
      // After next(), the current route index is the handler that answered.
      const route = routePath(c);
      log({
        time,
        method: c.req.method,
        path: loggablePath(new URL(c.req.url), route),
        route,
        status: c.res.status,
        ms: Math.round((now() - started) * 10) / 10,
      });
    }
  };
}
