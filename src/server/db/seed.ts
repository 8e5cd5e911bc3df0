import { z } from 'zod';
import libraryFile from '../../../seeds/knowledge/library.json' with { type: 'json' };
import tipsFile from '../../../seeds/knowledge/tips.json' with { type: 'json' };
import shopDemoFile from '../../../seeds/shop/demo.json' with { type: 'json' };
import { APPOINTMENT_STATUSES } from '../../shared/appointments.ts';
import { INQUIRY_PRIORITIES, INQUIRY_STATUSES, INQUIRY_TYPES } from '../../shared/inquiries.ts';
import { AUDIENCES, KNOWLEDGE_KINDS, PAGE_CONTEXTS, PRIORITIES } from '../../shared/knowledge.ts';
import { seedShopDemo, seedShopScale } from '../domains/inquiries/shop-seed.ts';
import { upsertSeedItems, type SeedKnowledgeItem } from '../domains/knowledge/repository.ts';
import type { Database } from './index.ts';

// The one reader of seeds/: each data file is imported (so the server bundle carries it) and
// checked against its shape here, once, when this module loads. A file that breaks its shape stops
// the seed with the file's name and the faulty path instead of writing half a seed.

function parseSeed<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new Error(`seeds/${file} does not match its shape:\n  ${issues.join('\n  ')}`);
}

const text = z.string().trim().min(1);
const tag = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

const tipSchema = z.strictObject({
  title: text,
  body: text,
  priority: z.enum(PRIORITIES),
  /** Topic tags; the page context's own tag is added to every tip of its page. */
  tags: z.array(tag).optional(),
});
const tipsSchema = z.record(
  z.enum(PAGE_CONTEXTS),
  z.strictObject({
    /** Plain words for owners. */
    simple: z.array(tipSchema),
    /** Technical detail for technicians. */
    tech: z.array(tipSchema),
    /** Useful to both, in plain words. */
    both: z.array(tipSchema),
  }),
);

const libraryEntrySchema = z.strictObject({
  key: tag,
  audience: z.enum(AUDIENCES),
  title: text,
  body: text,
  priority: z.enum(PRIORITIES),
  tags: z.array(tag),
  steps: z.array(text).optional(),
});
const librarySchema = z.record(z.enum(KNOWLEDGE_KINDS).exclude(['article']), z.array(libraryEntrySchema));

/** A moment relative to the day the seed runs: `days` from today at `hour` o'clock, local time. */
const relativeTime = z.strictObject({ days: z.int(), hour: z.int().min(0).max(23) });
const money = z.string().regex(/^\d+\.\d{2}$/);
const demoCustomer = z.int().min(1);

const shopDemoSchema = z.strictObject({
  /** Accounts without a password: they cannot sign in, they only own the demo rows. */
  customers: z.array(z.email()).min(1),
  centers: z.array(
    z.strictObject({
      name: text,
      address: text,
      city: text,
      state: text,
      zipCode: text.nullable(),
      phone: text.nullable(),
      email: z.email().nullable(),
      website: z.url().nullable(),
      services: z.array(text),
      operatingHours: z.union([z.record(z.string(), z.string()), z.string()]).nullable(),
      certifications: z.array(text),
      specializations: z.array(text),
      isActive: z.boolean(),
    }),
  ),
  /** `customer` counts from 1 in `customers`; `serviceCenter` names one of `centers`. */
  inquiries: z.array(
    z.strictObject({
      customer: demoCustomer,
      inquiryType: z.enum(INQUIRY_TYPES),
      subject: text,
      description: text,
      priority: z.enum(INQUIRY_PRIORITIES),
      status: z.enum(INQUIRY_STATUSES),
      serviceCenter: text.optional(),
      estimatedCost: money.optional(),
      technicianNotes: text.optional(),
      customerNotes: text.optional(),
      scheduledDate: relativeTime.optional(),
      completedDate: relativeTime.optional(),
      createdAt: relativeTime,
    }),
  ),
  appointments: z.array(
    z.strictObject({
      customer: demoCustomer,
      serviceCenter: text.optional(),
      appointmentDate: relativeTime,
      duration: z.int().positive(),
      serviceType: text,
      description: text.optional(),
      status: z.enum(APPOINTMENT_STATUSES),
      estimatedCost: money.optional(),
      actualCost: money.optional(),
      notes: text.optional(),
    }),
  ),
});
export type ShopDemo = z.infer<typeof shopDemoSchema>;
export type RelativeTime = z.infer<typeof relativeTime>;

const tips = parseSeed('knowledge/tips.json', tipsSchema, tipsFile);
const library = parseSeed('knowledge/library.json', librarySchema, libraryFile);

/**
 * The assistant's tips, keyed by page, audience and position (`page:home:simple:1`): re-seeding
 * refreshes these rows instead of copying them, so a tip keeps its key while it keeps its place.
 */
export const TIP_ITEMS: readonly SeedKnowledgeItem[] = Object.entries(tips).flatMap(([page, entries]) =>
  (['simple', 'tech', 'both'] as const).flatMap((audience) =>
    entries[audience].map((entry, index) => ({
      seedKey: `page:${page}:${audience}:${index + 1}`,
      audience,
      tags: [page, ...(entry.tags ?? []).filter((t) => t !== page)],
      title: entry.title,
      body: entry.body,
      priority: entry.priority,
    })),
  ),
);

/** The Knowledge Base's manuals, procedures and FAQ, keyed by kind and key (`library:faq:vin-source`). */
export const LIBRARY_ITEMS: readonly SeedKnowledgeItem[] = (['manual', 'procedure', 'faq'] as const).flatMap((kind) =>
  library[kind].map((entry) => ({
    seedKey: `library:${kind}:${entry.key}`,
    kind,
    audience: entry.audience,
    tags: entry.tags,
    title: entry.title,
    body: entry.body,
    priority: entry.priority,
    steps: entry.steps,
  })),
);

export const SHOP_DEMO: ShopDemo = parseSeed('shop/demo.json', shopDemoSchema, shopDemoFile);

export interface SeedOptions {
  /** Demo service centers, inquiries and appointments for screenshots. */
  demo?: boolean;
  /** Fill inquiries and appointments up to this many rows each (benchmarks). */
  scale?: number;
  /** With `scale`: invitation codes, each an open technician invitation to the scale center (benchmarks). */
  scaleInvites?: string[];
  log?: (message: string) => void;
}

type Seeder = (db: Database, options: SeedOptions) => Promise<void>;

// In dependency order. Every seeder is idempotent: running the seed twice leaves the same rows.
const seeders: { name: string; run: Seeder }[] = [
  { name: 'knowledge', run: (db) => upsertSeedItems(db, [...TIP_ITEMS, ...LIBRARY_ITEMS]) },
  { name: 'shop demo', run: (db, options) => (options.demo ? seedShopDemo(db, SHOP_DEMO) : Promise.resolve()) },
  { name: 'shop scale', run: seedShopScale },
];

export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<void> {
  for (const seeder of seeders) {
    await seeder.run(db, options);
    options.log?.(`seed ${seeder.name}: done`);
  }
}
