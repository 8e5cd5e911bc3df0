import { z } from 'zod';
import type { Role } from './constants.ts';
import { pageLimitSchema } from './inquiries.ts';

/**
 * Knowledge items and the assistant's contextual help (docs/knowledge.md,
 * docs/avatars.md#how-tips-are-chosen).
 */

export const AUDIENCES = ['simple', 'tech', 'both'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** Highest first: the order search results and tips are listed in. */
export const PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The Knowledge Base's tabs: what kind of text an item is. */
export const KNOWLEDGE_KINDS = ['article', 'manual', 'procedure', 'faq'] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];
export const KNOWLEDGE_KIND_LABELS: Readonly<Record<KnowledgeKind, string>> = {
  article: 'Articles',
  manual: 'Manuals',
  procedure: 'Procedures',
  faq: 'FAQ',
};
export const AUDIENCE_LABELS: Readonly<Record<Audience, string>> = {
  simple: 'Vehicle owners',
  tech: 'Technicians',
  both: 'Everyone',
};

export const PAGE_CONTEXTS = [
  'home',
  'vehicle-search',
  'scanning',
  'model-viewing',
  'diagnostics',
  'camera-scanning',
  'database',
  'analytics',
  'knowledge-base',
  'service-records',
  'help',
  'settings',
  'profile',
  'general',
] as const;
export type PageContext = (typeof PAGE_CONTEXTS)[number];

const ROUTE_CONTEXTS: Readonly<Record<string, PageContext>> = {
  '/': 'home',
  '/search': 'vehicle-search',
  '/scanner': 'scanning',
  '/viewer': 'model-viewing',
  '/diagnostics': 'diagnostics',
  '/camera': 'camera-scanning',
  '/database': 'database',
  '/analytics': 'analytics',
  '/knowledge': 'knowledge-base',
  '/records': 'service-records',
  '/help': 'help',
  '/settings': 'settings',
  '/profile': 'profile',
};

/** The route to page-context mapping; any other path is 'general' (docs/avatars.md#page-contexts). */
export function pageContextForPath(path: string): PageContext {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ROUTE_CONTEXTS[normalized] ?? 'general';
}

/** The name of a page context as the assistant says it ('Tips for {page}'). */
export const PAGE_CONTEXT_LABELS: Readonly<Record<PageContext, string>> = {
  home: 'Vehicle Identification',
  'vehicle-search': 'Vehicle Search',
  scanning: '3D Scanner',
  'model-viewing': 'Component Viewer',
  diagnostics: 'Diagnostics',
  'camera-scanning': 'Camera Tools',
  database: 'Parts Database',
  analytics: 'Analytics',
  'knowledge-base': 'Knowledge Base',
  'service-records': 'Service Records',
  help: 'Help & Support',
  settings: 'Settings',
  profile: 'Profile',
  general: 'this page',
};

/**
 * The help text of each page and role: what 'Need Help?' says, and the words the assistant's tips
 * are searched with (docs/avatars.md#the-assistant). The texts are in seeds/knowledge/help-texts.json.
 */
export type HelpTexts = Readonly<Record<PageContext, Readonly<Record<Role, string>>>>;

const KEYWORD_TAGS: readonly [keyword: string, tag: string][] = [
  ['vin', 'vin'],
  ['scan', 'scanning'],
  ['diagnostic', 'diagnostics'],
  ['component', 'components'],
];

/**
 * Tags named by keywords of the text: vin, scan, diagnostic, component
 * (docs/avatars.md#how-tips-are-chosen).
 */
export function tagsFromText(text: string): string[] {
  const lower = text.toLowerCase();
  return KEYWORD_TAGS.filter(([keyword]) => lower.includes(keyword)).map(([, tag]) => tag);
}

export const TAG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const MAX_TAGS = 10;
export const MAX_QUERY_LENGTH = 200;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
export const TIPS_SHOWN = 3;
export const TAGS_SHOWN = 3;

const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(40, 'Tags must be at most 40 characters')
  .regex(TAG_PATTERN, 'Tags use letters, digits and dashes only');

const idSchema = (what: string) => z.uuid({ error: `Invalid ${what} id` });

const kindSchema = z.enum(KNOWLEDGE_KINDS, { error: 'Kind must be article, manual, procedure or faq' });

export const knowledgeSearchSchema = z.object({
  kind: kindSchema.optional(),
  audience: z.enum(AUDIENCES, { error: 'Audience must be simple, tech or both' }).optional(),
  /** Any of them matches. */
  tags: z.array(tagSchema).max(MAX_TAGS, `At most ${MAX_TAGS} tags`).optional(),
  priority: z.enum(PRIORITIES, { error: 'Priority must be low, medium, high or critical' }).optional(),
  vehicleId: idSchema('vehicle').optional(),
  componentId: idSchema('component').optional(),
  q: z.string().trim().max(MAX_QUERY_LENGTH, `Search text must be at most ${MAX_QUERY_LENGTH} characters`).optional(),
  limit: pageLimitSchema(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'Offset must be a number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset must not be negative')
    .max(10_000, 'Offset must be at most 10000')
    .default(0),
});
export type KnowledgeSearchInput = z.input<typeof knowledgeSearchSchema>;
export type KnowledgeSearch = z.output<typeof knowledgeSearchSchema>;

/** A comma-joined tags parameter (docs/knowledge.md#searching), also accepted repeated. */
export function splitTags(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
  const tags = parts.map((t) => t.trim()).filter((t) => t.length > 0);
  return tags.length > 0 ? tags : undefined;
}

export const tipsInputSchema = z.object({
  pageContext: z.enum(PAGE_CONTEXTS, { error: 'Unknown page context' }),
  role: z.enum(['simple', 'tech'], { error: 'Role must be simple or tech' }),
});
export type TipsInput = z.infer<typeof tipsInputSchema>;

export const KNOWLEDGE_LIMITS = {
  title: 200,
  body: 10_000,
  step: 500,
  steps: 40,
} as const;

/** What a technician writes: one schema for the form, the procedures and the REST adapter. */
const itemFields = {
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(3, 'Title must be at least 3 characters')
    .max(KNOWLEDGE_LIMITS.title, `Title must be at most ${KNOWLEDGE_LIMITS.title} characters`),
  body: z
    .string({ error: 'Body is required' })
    .trim()
    .min(10, 'Body must be at least 10 characters')
    .max(KNOWLEDGE_LIMITS.body, `Body must be at most ${KNOWLEDGE_LIMITS.body} characters`),
  kind: kindSchema,
  audience: z.enum(AUDIENCES, { error: 'Audience must be simple, tech or both' }),
  priority: z.enum(PRIORITIES, { error: 'Priority must be low, medium, high or critical' }),
  tags: z
    .array(tagSchema, { error: 'Tags must be a list' })
    .max(MAX_TAGS, `At most ${MAX_TAGS} tags`)
    .refine((tags) => new Set(tags).size === tags.length, 'Tags must not repeat'),
  steps: z
    .array(
      z
        .string({ error: 'Steps must be text' })
        .trim()
        .min(1, 'Steps must not be empty')
        .max(KNOWLEDGE_LIMITS.step, `Each step must be at most ${KNOWLEDGE_LIMITS.step} characters`),
      { error: 'Steps must be a list' },
    )
    .max(KNOWLEDGE_LIMITS.steps, `At most ${KNOWLEDGE_LIMITS.steps} steps`),
};

export const knowledgeItemInputSchema = z
  .object({
    ...itemFields,
    kind: itemFields.kind.default('article'),
    audience: itemFields.audience.default('both'),
    priority: itemFields.priority.default('medium'),
    tags: itemFields.tags.default([]),
    steps: itemFields.steps.default([]),
  })
  .strict();
export type KnowledgeItemInput = z.input<typeof knowledgeItemInputSchema>;
export type KnowledgeItemValues = z.output<typeof knowledgeItemInputSchema>;

/** PATCH: only the fields sent change. */
export const knowledgeItemPatchSchema = z
  .object({
    title: itemFields.title.optional(),
    body: itemFields.body.optional(),
    kind: itemFields.kind.optional(),
    audience: itemFields.audience.optional(),
    priority: itemFields.priority.optional(),
    tags: itemFields.tags.optional(),
    steps: itemFields.steps.optional(),
  })
  .strict();
export type KnowledgeItemPatch = z.input<typeof knowledgeItemPatchSchema>;

export const knowledgeItemIdSchema = idSchema('knowledge item');

/** The tag chips: the most used tags among the items a tab and audience show. */
export const knowledgeTagsSchema = z.object({
  kind: kindSchema.optional(),
  audience: z.enum(AUDIENCES, { error: 'Audience must be simple, tech or both' }).optional(),
});
export const TAG_CHIPS_SHOWN = 16;
export interface TagCount {
  tag: string;
  count: number;
}

export interface KnowledgeItem {
  id: string;
  /** The author; staff may edit the items they wrote. */
  createdBy: string | null;
  kind: KnowledgeKind;
  audience: Audience;
  tags: string[];
  title: string;
  body: string;
  steps: string[] | null;
  mediaUrls: string[] | null;
  componentId: string | null;
  vehicleId: string | null;
  priority: Priority;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface KnowledgePage {
  items: KnowledgeItem[];
  total: number;
  limit: number;
  offset: number;
}

/** A contextual tip (docs/avatars.md#how-tips-are-chosen). */
export interface Tip {
  id: string;
  title: string;
  body: string;
  priority: Priority;
  tags: string[];
}
