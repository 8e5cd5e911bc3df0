import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createContext, SESSION_ABSOLUTE_MS } from './context.ts';
import { AuthCache } from './domains/auth/cache.ts';
import type { Database } from './db/index.ts';
import { escapeHtml } from './domains/auth/login-page.ts';
import { registerAccountRest } from './domains/account/rest.ts';
import { registerAnalyticsRest } from './domains/analytics/rest.ts';
import { registerAppointmentsRest } from './domains/appointments/rest.ts';
import { registerAuditRest } from './domains/audit/rest.ts';
import { registerEmailRest } from './domains/email/rest.ts';
import { registerAuthRest, registerBearerAuth } from './domains/auth/rest.ts';
import { registerCustomersRest } from './domains/customers/rest.ts';
import { registerInquiriesRest } from './domains/inquiries/rest.ts';
import { registerNotificationsRest } from './domains/notifications/rest.ts';
import { registerServiceCentersRest } from './domains/service-centers/rest.ts';
import { registerAvatarsRest } from './domains/avatars/rest.ts';
import { registerFilesRest } from './domains/files/rest.ts';
import { registerFuelRest } from './domains/fuel/rest.ts';
import { registerCalendarRest } from './domains/calendar/rest.ts';
import { registerGarageRest } from './domains/garage/rest.ts';
import { registerImportsRest } from './domains/imports/rest.ts';
import { registerInspectionsRest } from './domains/inspections/rest.ts';
import { registerPartsRest } from './domains/parts/rest.ts';
import { registerRepairOrderRest } from './domains/repair-orders/rest.ts';
import { registerPurchaseOrderRest } from './domains/purchase-orders/rest.ts';
import { registerScanRest } from './domains/scans/rest.ts';
import { registerServiceRecordsRest } from './domains/service-records/rest.ts';
import { registerKnowledgeRest } from './domains/knowledge/rest.ts';
import { registerDtcRest } from './domains/dtc/rest.ts';
import { registerShopsRest } from './domains/shops/rest.ts';
import { registerVehiclesRest } from './domains/vehicles/rest.ts';
import { retryAfterOf, toHttpError } from './http/errors.ts';
import type { RateLimitRule } from './http/rate-limit.ts';
import { registerHealth } from './http/health.ts';
import { registerApiDocs } from './http/openapi.ts';
import { sendError } from './http/rest.ts';
import { SessionManager } from './http/sessions.ts';
import { appRouter, type AppRouter } from './router.ts';
import { ReadCache } from './http/read-cache.ts';
import { CachedSigner } from './http/cached-signer.ts';
import { answerQueries, MAX_BATCH_CALLS } from './http/trpc-queries.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';

export const SESSION_COOKIE = 'vt.sid';
const DEFAULT_AUTH_CACHE_MS = 2000;
const DEFAULT_READ_CACHE_MS = 1000;
const SESSION_MAX_AGE_MS = SESSION_ABSOLUTE_MS;
const BODY_LIMIT_BYTES = 256 * 1024;

export interface AppOptions {
  db: Database;
  appName: string;
  sessionSecret: string;
  /** Folder of the built client; when missing, only the API is served. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Fastify's `trustProxy`: false, true (every hop), a hop count, or a list of proxy addresses/CIDRs. */
  trustProxy?: boolean | number | string;
  rateLimits?: { signIn?: RateLimitRule; signUp?: RateLimitRule; apiToken?: RateLimitRule };
  /** How long this process may reuse a session or user it read (0: read every time). */
  authCacheMs?: number;
  /** How long this process may reuse a hot list read (0: read every time). */
  readCacheMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    appName: string;
    authCache: AuthCache;
    readCache: ReadCache;
    /** Every `/api` route as "METHOD /url", for the API reference's completeness check. */
    apiRoutes: string[];
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** PostgreSQL text cannot hold U+0000; refusing it up front keeps such input a 400, not a 500. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/** The request came from a page of another site (a browser says so in Origin or Referer). */
function isCrossSite(origin: string | undefined, referer: string | undefined, host: string): boolean {
  const source = origin && origin !== 'null' ? origin : referer;
  if (origin === 'null') return true;
  if (!source) return false;
  try {
    return new URL(source).host !== host;
  } catch {
    return true;
  }
}

/** Fastify's types omit the hop count its runtime takes; a hop count is this function there too. */
function trustedProxies(trust: AppOptions['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust ?? false;
  return (_address: string, hop: number) => hop < trust;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    trustProxy: trustedProxies(options.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 5000 },
  };
  const app = Fastify(serverOptions);
  app.decorate('db', options.db);
  app.decorate('appName', options.appName);
  app.decorate('restDocs', []);
  app.decorate('authCache', new AuthCache(options.authCacheMs ?? DEFAULT_AUTH_CACHE_MS));
  app.decorate('readCache', new ReadCache(options.readCacheMs ?? DEFAULT_READ_CACHE_MS));
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (route.url.startsWith('/api/') && method !== 'HEAD') app.apiRoutes.push(`${method} ${route.url}`);
    }
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  registerSecurityHeaders(app);

  // Hooks on every request are written with callbacks: an async hook costs a promise per request.
  app.addHook('onRequest', (req, reply, done) => {
    if (STATE_CHANGING.has(req.method) && isCrossSite(req.headers.origin, req.headers.referer, req.host)) {
      reply.code(403).send({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
      return;
    }
    done();
  });

  app.decorate(
    'sessions',
    new SessionManager(options.db, new CachedSigner(options.sessionSecret), app.authCache, SESSION_COOKIE, SESSION_MAX_AGE_MS),
  );

  app.setErrorHandler((error, req, reply) => sendError(req, reply, error));
  // tRPC reads its JSON body as raw text: there a NUL is the escape sequence \u0000.
  const rawJsonNul = /(?<!\\)(?:\\\\)*\\u0000/i;
  app.addHook('preHandler', (req, reply, done) => {
    const rawNul = typeof req.body === 'string' && rawJsonNul.test(req.body);
    if (rawNul || containsNul(req.body) || containsNul(req.query) || containsNul(req.params)) {
      const message = 'Text must not contain NUL characters';
      // tRPC clients read errors in their own envelope (superjson-wrapped).
      const body = req.url.startsWith('/trpc/')
        ? { error: { json: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } } }
        : { message, code: 'BAD_REQUEST' };
      reply.code(400).send(body);
      return;
    }
    done();
  });
  registerBearerAuth(app, options.rateLimits?.apiToken ?? { limit: 600, windowMs: 60_000 });

  await app.register(async (trpcScope) => {
    trpcScope.addHook('preHandler', answerQueries);
    await trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        maxBatchSize: MAX_BATCH_CALLS,
        createContext: ({ req, res }) => createContext(options.db, req, res),
        // A refused call that knows when to come back says so, as the REST paths do.
        responseMeta({ errors }) {
          const wait = errors.map(retryAfterOf).find((seconds) => seconds !== undefined);
          return wait === undefined ? {} : { headers: { 'retry-after': String(wait) } };
        },
        onError({ error, req }) {
          if (toHttpError(error).status >= 500) req.log.error({ err: error, reqId: req.id }, 'procedure failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  registerAuthRest(app, {
    appName: options.appName,
    signInLimit: options.rateLimits?.signIn ?? { limit: 10, windowMs: 5 * 60_000 },
    signUpLimit: options.rateLimits?.signUp ?? { limit: 10, windowMs: 60 * 60_000 },
  });
  registerVehiclesRest(app);
  registerServiceCentersRest(app);
  registerInquiriesRest(app);
  registerNotificationsRest(app);
  registerAppointmentsRest(app);
  registerAvatarsRest(app);
  registerKnowledgeRest(app);
  registerDtcRest(app);
  registerShopsRest(app);
  registerGarageRest(app);
  registerServiceRecordsRest(app);
  registerFuelRest(app);
  registerCalendarRest(app);
  registerImportsRest(app);
  registerInspectionsRest(app);
  registerAccountRest(app);
  registerAnalyticsRest(app);
  registerCustomersRest(app);
  registerPartsRest(app);
  registerRepairOrderRest(app);
  registerPurchaseOrderRest(app);
  await registerScanRest(app);
  registerAuditRest(app);
  registerEmailRest(app);
  await registerFilesRest(app);

  registerHealth(app);

  // After every REST adapter: the reference documents what was registered.
  registerApiDocs(app);

  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed file names never change content: cache them for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  // The installed app takes the product title too: the manifest's names are APP_NAME's.
  const manifestPath = hasClient ? path.join(clientDir, 'manifest.webmanifest') : '';
  if (manifestPath && existsSync(manifestPath)) {
    const manifest = JSON.stringify({ ...(JSON.parse(readFileSync(manifestPath, 'utf8')) as object), name: options.appName, short_name: options.appName });
    app.addHook('onRequest', async (req, reply) => {
      if ((req.method === 'GET' || req.method === 'HEAD') && req.url.split('?')[0] === '/manifest.webmanifest') {
        return reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifest);
      }
    });
  }

  // The page shell carries the product title (APP_NAME) for the client to read.
  const indexHtml = hasClient
    ? readFileSync(path.join(clientDir, 'index.html'), 'utf8')
        .replace('<meta name="application-name" content="VinTech" />', `<meta name="application-name" content="${escapeHtml(options.appName)}" />`)
        .replace('<title>VinTech</title>', `<title>${escapeHtml(options.appName)}</title>`)
    : '';

  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/trpc/');
    if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
    if (!hasClient) {
      return reply.code(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
    }
    // Client-side routes: the single page decides what to show (including its own 404 page).
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });

  return app;
}
