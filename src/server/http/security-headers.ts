import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Pages (HTML) get the whole browser policy. The policy allows this origin only; Mantine injects
 * style tags at run time, so inline styles are allowed.
 */
const DOCUMENT_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
].join(';');

export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': DOCUMENT_CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  // With no-referrer, Chromium sends `Origin: null` on same-site form posts, which the cross-site
  // check must refuse; this policy keeps the origin and hides paths.
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Everything else (JSON, CSV, scripts, styles, images) is never a page: the headers that matter
 * there are OWASP's for APIs. It must not be framed or run as a page, sniffed as another type, or
 * read by another site's page. The page-only headers would have doubled the size of every small API
 * answer for nothing.
 */
export const RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * The service worker (`/sw.js`) runs under the policy of its own script's answer: it fetches this
 * origin's pages and assets for the offline shell, so it may connect to 'self' and nothing else.
 */
export const WORKER_HEADERS: Readonly<Record<string, string>> = {
  ...RESOURCE_HEADERS,
  'content-security-policy': "default-src 'self';frame-ancestors 'none'",
};

const HSTS = 'max-age=31536000; includeSubDomains';

/** API and tRPC answers; everything else is the built client, the same for everyone. */
function isApi(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/trpc/');
}

/** The request names someone (session cookie, bearer token) or its answer was made for a user. */
function isPersonal(req: FastifyRequest): boolean {
  if (req.currentUser || req.authenticatedBy !== undefined || req.headers.authorization !== undefined) return true;
  return req.server.sessions.carriesCookie(req);
}

/**
 * tRPC's adapter sends a Fetch Response, whose headers Fastify copies over the reply's after these
 * hooks: there they must be set on the Response.
 */
function webResponse(payload: unknown): Response | undefined {
  return Object.prototype.toString.call(payload) === '[object Response]' ? (payload as Response) : undefined;
}

function setHeader(reply: FastifyReply, response: Response | undefined, name: string, value: string): void {
  reply.header(name, value);
  response?.headers.set(name, value);
}

/** Adds `Cookie` to the answer's Vary header, keeping what the route put there. */
function varyOnCookie(reply: FastifyReply, response: Response | undefined): void {
  const vary = response?.headers.get('vary') ?? reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined || vary === null ? '' : String(vary);
  if (/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(current)) return;
  setHeader(reply, response, 'vary', current ? `${current}, Cookie` : 'Cookie');
}

/**
 * Every answer, errors and refusals included, leaves with the headers of its kind. An API answer
 * may depend on who asks, so shared caches keep one per Cookie; one given to someone signed in (or
 * to a request carrying credentials) is kept by no cache at all. The built client's files never
 * depend on the user and keep their own caching.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const isPage = typeof type === 'string' && type.startsWith('text/html');
    reply.headers(isPage ? DOCUMENT_HEADERS : req.url === '/sw.js' ? WORKER_HEADERS : RESOURCE_HEADERS);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApi(req.url)) {
      const response = webResponse(payload);
      varyOnCookie(reply, response);
      if (isPersonal(req)) setHeader(reply, response, 'cache-control', 'no-store');
    }
    done(null, payload);
  });
}
