import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor } from '../../../../tests/helpers/factories.ts';
import { HELP_TEXTS } from '../../../shared/help-texts.ts';
import { PAGE_CONTEXTS, pageContextForPath, splitTags, tagsFromText, TIPS_SHOWN, type Tip } from '../../../shared/knowledge.ts';
import { seedDatabase } from '../../db/seed.ts';
import type { Database } from '../../db/index.ts';
import { searchKnowledge } from './repository.ts';
import { anyWordQuery } from './service.ts';

describe('page contexts and help text', () => {
  it("maps routes to the assistant's page contexts (docs/avatars.md#page-contexts)", () => {
    expect(pageContextForPath('/')).toBe('home');
    expect(pageContextForPath('/search')).toBe('vehicle-search');
    expect(pageContextForPath('/scanner')).toBe('scanning');
    expect(pageContextForPath('/viewer')).toBe('model-viewing');
    expect(pageContextForPath('/camera')).toBe('camera-scanning');
    expect(pageContextForPath('/knowledge')).toBe('knowledge-base');
    expect(pageContextForPath('/records')).toBe('service-records');
    expect(pageContextForPath('/records/')).toBe('service-records');
    expect(pageContextForPath('/avatars')).toBe('general');
    expect(pageContextForPath('/service-centers')).toBe('general');
  });

  it('derives tags from keywords and builds an any-word query', () => {
    expect(tagsFromText('Scanning a VIN for Diagnostic component data')).toEqual(['vin', 'scanning', 'diagnostics', 'components']);
    expect(tagsFromText('Switch modes')).toEqual([]);
    expect(anyWordQuery('Decode the VIN, decode it!')).toBe('decode or the or vin');
    expect(anyWordQuery('word '.repeat(10) + 'a'.repeat(300)).length).toBeLessThanOrEqual(200);
    expect(splitTags('vin, brakes,,')).toEqual(['vin', 'brakes']);
    expect(splitTags(['vin', 'a,b'])).toEqual(['vin', 'a', 'b']);
    expect(splitTags(' , ')).toBeUndefined();
  });
});

/**
 * The tips composed step by step from the search (as the assistant first did it): the first
 * reading's matches on the page, the page's own items, then the first reading's other matches.
 */
async function referenceTips(db: Database, pageContext: (typeof PAGE_CONTEXTS)[number], role: 'simple' | 'tech'): Promise<string[]> {
  const helpText = HELP_TEXTS[pageContext][role];
  const tags = tagsFromText(helpText);
  const { items: matches } = await searchKnowledge(db, {
    audience: role,
    q: anyWordQuery(helpText),
    priority: 'medium',
    tags: tags.length > 0 ? tags : undefined,
    limit: 10,
    offset: 0,
  });
  const onPage = matches.filter((item) => item.tags.includes(pageContext)).slice(0, TIPS_SHOWN);
  const pageItems = await db
    .selectFrom('knowledge_items')
    .select('id')
    .where('is_active', '=', true)
    .where('audience', 'in', [role, 'both'])
    .where(sql<boolean>`${pageContext} = ANY(tags)`)
    .orderBy('priority_rank')
    .orderBy('title')
    .orderBy('id')
    .execute();
  const topUp = pageItems.map((r) => r.id).filter((id) => !onPage.some((item) => item.id === id));
  const elsewhere = matches.filter((item) => !item.tags.includes(pageContext)).map((item) => item.id);
  return [...onPage.map((item) => item.id), ...topUp, ...elsewhere].slice(0, TIPS_SHOWN);
}

describeEachDatabase('assistant tips', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedDatabase(getDb());
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives three tips for every page context and role from the seed, for the role only', async () => {
    const caller = callerFor(getDb(), null);
    const audienceOf = new Map(
      (await getDb().selectFrom('knowledge_items').select(['id', 'audience', 'priority', 'tags']).execute()).map((r) => [r.id, r]),
    );
    for (const pageContext of PAGE_CONTEXTS) {
      for (const role of ['simple', 'tech'] as const) {
        const tips = await caller.knowledge.tips({ pageContext, role });
        const label = `${pageContext} ${role}`;
        expect(tips, label).toHaveLength(3);
        expect(new Set(tips.map((t) => t.id)).size, label).toBe(3);
        for (const tip of tips) {
          const row = audienceOf.get(tip.id);
          expect([role, 'both'], label).toContain(row?.audience);
          expect(Object.keys(tip).sort()).toEqual(['body', 'id', 'priority', 'tags', 'title']);
          // The seed has enough for every page, so every tip is one of the page's own items.
          expect(tip.tags, `${label}: ${tip.title}`).toContain(pageContext);
        }
      }
    }
    const viaRest = await app.inject({ method: 'GET', url: '/api/knowledge/tips?pageContext=scanning&role=simple' });
    expect(viaRest.statusCode).toBe(200);
    expect(viaRest.json()).toHaveLength(3);
    const bad = await app.inject({ method: 'GET', url: '/api/knowledge/tips?pageContext=garage&role=simple' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Unknown page context');
  });

  it("puts the first reading's matches on the page before the page's top-up, and other pages' matches last", async () => {
    const caller = callerFor(getDb(), null);
    // The tech home help text names vin and component: medium items of the home page tagged so come first.
    const home = await caller.knowledge.tips({ pageContext: 'home', role: 'tech' });
    expect(home[0]?.priority).toBe('medium');
    expect(home[0]?.tags).toContain('home');
    expect(home[0]?.tags.some((t) => t === 'vin' || t === 'components')).toBe(true);

  });

  it('answers every page and role as the step-by-step composition does, also when pages run short', async () => {
    const db = getDb();
    const caller = callerFor(db, null);
    const compare = async () => {
      for (const pageContext of PAGE_CONTEXTS) {
        for (const role of ['simple', 'tech'] as const) {
          const tips: Tip[] = await caller.knowledge.tips({ pageContext, role });
          expect(tips.map((t) => t.id), `${pageContext} ${role}`).toEqual(await referenceTips(db, pageContext, role));
        }
      }
    };
    await compare();
    // Pages with one item of their own, then none: the top-up and the other pages' matches decide.
    const deactivated: string[] = [];
    for (const page of ['diagnostics', 'scanning', 'home', 'profile'] as const) {
      const items = await db.selectFrom('knowledge_items').select('id').where('is_active', '=', true).where(sql<boolean>`${page} = ANY(tags)`).orderBy('id').execute();
      const drop = page === 'profile' || page === 'home' ? items : items.slice(1);
      deactivated.push(...drop.map((r) => r.id));
    }
    await db.updateTable('knowledge_items').set({ is_active: false }).where('id', 'in', deactivated).execute();
    try {
      await compare();
    } finally {
      await db.updateTable('knowledge_items').set({ is_active: true }).where('id', 'in', deactivated).execute();
    }
  });
});

describeEachDatabase('tips on a page with too few items of its own', (getDb) => {
  it('fills up from the first reading of other pages, after the page items', async () => {
    const db = getDb();
    await seedDatabase(db);
    const profileTech = await db
      .selectFrom('knowledge_items')
      .select('id')
      .where(sql<boolean>`'profile' = ANY(tags)`)
      .where('audience', 'in', ['tech', 'both'])
      .orderBy('priority_rank')
      .orderBy('title')
      .execute();
    const [kept, ...dropped] = profileTech.map((r) => r.id);
    await db.updateTable('knowledge_items').set({ is_active: false }).where('id', 'in', dropped).execute();

    const tips = await callerFor(db, null).knowledge.tips({ pageContext: 'profile', role: 'tech' });
    expect(tips).toHaveLength(3);
    expect(tips[0]?.id).toBe(kept);
    const others = await db.selectFrom('knowledge_items').select(['id', 'priority', 'audience', 'tags']).where('id', 'in', [tips[1]!.id, tips[2]!.id]).execute();
    for (const other of others) {
      expect(other.priority).toBe('medium');
      expect(['tech', 'both']).toContain(other.audience);
      expect(other.tags).not.toContain('profile');
    }
  });
});
