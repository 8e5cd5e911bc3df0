import { isIP } from 'node:net';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' `X-Forwarded-*` to believe, in Fastify's `trustProxy` terms: `false` (none, the
 * default), `true` (every hop: only behind a proxy that overwrites the header), a hop count (the
 * address that many hops in front of the server is the client: a proxy that appends, as nginx's
 * `$proxy_add_x_forwarded_for` does, is `1`), or a comma-separated list of proxy addresses and CIDR
 * ranges.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): boolean | number | string => {
    const value = (v ?? '').toLowerCase();
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      return hops === 0 ? false : hops;
    }
    const entries = value.split(',').map((e) => e.trim());
    if (entries.every((e) => e !== '' && isAddressOrRange(e))) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message: 'TRUST_PROXY must be true, false, a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  ),
  APP_NAME: z.string().trim().min(1).default('VinTech'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySchema,
  SEED_DEMO: booleanText,
  /** Comma-separated addresses that administer the platform besides the install's first account. */
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '').split(',').map((e) => e.trim().toLowerCase()).filter((e) => e !== '');
      const bad = list.find((e) => !z.email().safeParse(e).success);
      if (bad) {
        ctx.addIssue({ code: 'custom', message: `ADMIN_EMAILS must be a comma-separated list of email addresses ("${bad}" is not one)` });
        return z.NEVER;
      }
      return list;
    }),
  /** smtp:// or smtps:// URL of the mail server; empty sends no e-mail (invite links are still copyable). */
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example:587' }).optional(),
  ),
  /** Sender of the e-mails, an address or `Name <address>`. */
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .max(300)
      .refine((v) => z.email().safeParse(/<([^<>]+)>\s*$/.exec(v)?.[1] ?? v).success, 'MAIL_FROM must be an e-mail address or "Name <address>"')
      .optional(),
  ),
  /** The address users reach the app at, for links in e-mails; default http://localhost:PORT. */
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' }).optional()),
  /** Requests a minute one API token may send before it is answered 429. */
  API_TOKEN_RATE_LIMIT: optionalText
    .pipe(
      z.coerce
        .number<string | undefined>({ error: 'API_TOKEN_RATE_LIMIT must be a whole number of requests a minute, e.g. 600' })
        .int('API_TOKEN_RATE_LIMIT must be a whole number of requests a minute, e.g. 600')
        .min(1, 'API_TOKEN_RATE_LIMIT must be at least 1')
        .max(10_000_000, 'API_TOKEN_RATE_LIMIT must be at most 10000000')
        .optional(),
    )
    .transform((v) => v ?? 600),
}).refine((env) => !env.SMTP_URL || env.MAIL_FROM, { message: 'MAIL_FROM is required when SMTP_URL is set', path: ['MAIL_FROM'] });

export type Env = z.infer<typeof envSchema>;

/** Reads and validates the environment once at boot; a bad value stops the process with a clear message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
