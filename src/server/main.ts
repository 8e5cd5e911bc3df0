import { buildApp } from './app.ts';
import { buildClient, CLIENT_DIST_DIR, clientBuildIsStale, resolveSessionSecret } from './boot.ts';
import { databaseOptionsFromEnv, openDatabase } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './db/seed.ts';
import { loadEnv } from './env.ts';
import { configureAdminEmails } from './lib/admins.ts';
import { configureMail } from './lib/mail.ts';
import { registerAppJobs } from './jobs.ts';
import { startJobRunner } from './lib/job-runner.ts';

const env = loadEnv();
configureAdminEmails(env.ADMIN_EMAILS);
configureMail({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, appName: env.APP_NAME });
const log = {
  info: (message: string) => console.log(`[vintech] ${message}`),
  error: (message: string) => console.error(`[vintech] ${message}`),
};

// `npm run dev` serves the client from Vite instead (--api-only).
const apiOnly = process.argv.includes('--api-only');
if (!apiOnly && clientBuildIsStale()) {
  log.info('building the client (first start or sources changed)...');
  await buildClient();
}

const dbOptions = databaseOptionsFromEnv(env);
log.info(dbOptions.kind === 'postgres' ? 'database: PostgreSQL server' : `database: embedded PostgreSQL in ${dbOptions.dataDir}`);
const handle = await openDatabase(dbOptions);
await migrateToLatest(handle.db, log);
await seedDatabase(handle.db, { demo: env.SEED_DEMO, log: log.info });

const app = await buildApp({
  db: handle.db,
  appName: env.APP_NAME,
  sessionSecret: await resolveSessionSecret(handle.db, env.SESSION_SECRET),
  clientDir: apiOnly ? undefined : CLIENT_DIST_DIR,
  trustProxy: env.TRUST_PROXY,
  rateLimits: { apiToken: { limit: env.API_TOKEN_RATE_LIMIT, windowMs: 60_000 } },
  logger: { level: env.LOG_LEVEL },
});

// Background jobs (docs/jobs.md): e-mail, the weekly digest and cleanups of expired sessions and
// invitations. Every app process runs one runner; each job runs once among them.
registerAppJobs();
const jobs = startJobRunner({ db: handle.db, log });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info(`${signal}: finishing requests in flight, then stopping`);
  // app.close() stops accepting connections and waits for in-flight requests to finish.
  await app.close();
  // Jobs still running after a few seconds are left to their lease and run again by the next start.
  await jobs.stop({ timeoutMs: 5000 });
  await handle.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: env.PORT, host: env.HOST });
log.info(`${env.APP_NAME} is ready on http://localhost:${env.PORT}`);
