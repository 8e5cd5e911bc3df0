import type { FastifyInstance } from 'fastify';

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

const HSTS = 'max-age=31536000; includeSubDomains';

/** Every answer, errors and refusals included, leaves with the headers of its kind. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    reply.headers(typeof type === 'string' && type.startsWith('text/html') ? DOCUMENT_HEADERS : RESOURCE_HEADERS);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
}
