import { Migrator, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../../migrations/index.ts';
import type { User } from '../../../shared/auth.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { openDatabase } from '../../db/index.ts';
import { callerFor, createUser } from '../../../../tests/helpers/factories.ts';
import { containsPattern } from '../../lib/paging.ts';
import { createShop } from '../../../../tests/helpers/inquiries.ts';

// The list's search reads search_text, a lower-cased copy of subject and description (migration
// 0008). Its answers must be those of "subject or description ILIKE %term%", term taken literally.

const ROWS: [subject: string, description: string][] = [
  ['Brake NOISE at night', 'Front axle squeals'],
  ['Grinding when braking', 'It ends with word'],
  ['Starts rough', 'word starts the second column'],
  ['Straße ÄÖÜ Öl', 'Ölwechsel fällig'],
  ['Discount 100%', 'Pay 50_50 with C:\\fleet'],
  ['Line\nbreak subject', 'break inside'],
  ['Plain', 'Nothing special here'],
];

const TERMS = [
  'brake', 'BRAKE', 'noise at', 'squeals', 'word', 'with word', 'night front', 'night\nfront', 'word starts', 'straße', 'STRASSE',
  'äöü', 'ÖL', 'ölwechsel', '100%', '%', '50_50', '_', 'c:\\fleet', '\\', 'line\nbreak', 'subject\nbreak', 'e\nb', 'zzz',
];

describeEachDatabase('inquiry search text', (getDb) => {
  let owner: User;
  let serviceCenterId = '';
  beforeAll(async () => {
    owner = await createUser(getDb(), { role: 'simple' });
    serviceCenterId = (await createShop(getDb())).id;
    const caller = callerFor(getDb(), owner);
    for (const [subject, description] of ROWS) await caller.inquiries.create({ inquiryType: 'general', subject, description, serviceCenterId });
  });

  async function expected(term: string): Promise<string[]> {
    const pattern = containsPattern(term);
    const rows = await sql<{ id: string }>`
      SELECT id FROM customer_inquiries
      WHERE customer_id = ${owner.id} AND (subject ILIKE ${pattern} OR description ILIKE ${pattern})
      ORDER BY created_at DESC, id DESC`.execute(getDb());
    return rows.rows.map((r) => r.id);
  }

  it('finds what ILIKE on subject or description finds, for every kind of term', async () => {
    const caller = callerFor(getDb(), owner);
    let found = 0;
    for (const term of TERMS) {
      const page = await caller.inquiries.list({ search: term, limit: 100 });
      const want = await expected(term.trim());
      expect(page.items.map((i) => i.id), JSON.stringify(term)).toEqual(want);
      found += want.length;
    }
    // The terms are not all misses: the comparison above compares real answers.
    expect(found).toBeGreaterThan(TERMS.length / 2);
    // A term never matches across the two columns.
    expect((await caller.inquiries.list({ search: 'word starts', limit: 100 })).items.map((i) => i.subject)).toEqual(['Starts rough']);
    expect((await caller.inquiries.list({ search: 'night front', limit: 100 })).items).toEqual([]);
    expect((await caller.inquiries.list({ search: 'subject\nbreak', limit: 100 })).items).toEqual([]);
  });

  it('follows edits of subject and description', async () => {
    const db = getDb();
    const caller = callerFor(db, owner);
    const made = await caller.inquiries.create({ inquiryType: 'general', subject: 'Wiper streaks', description: 'Left blade', serviceCenterId });
    expect((await caller.inquiries.list({ search: 'streaks' })).items.map((i) => i.id)).toEqual([made.id]);
    await db.updateTable('customer_inquiries').set({ subject: 'Mirror loose', description: 'Right housing' }).where('id', '=', made.id).execute();
    expect((await caller.inquiries.list({ search: 'streaks' })).items).toEqual([]);
    expect((await caller.inquiries.list({ search: 'HOUSING' })).items.map((i) => i.id)).toEqual([made.id]);
  });
});

describe('migration 0008 on a database with inquiries', () => {
  it('fills search_text for the rows already there', async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0008'));
      const migrate = async (set: typeof migrations) => {
        const result = await new Migrator({ db: handle.db, provider: { getMigrations: async () => set }, allowUnorderedMigrations: true }).migrateToLatest();
        if (result.error) throw result.error;
      };
      await migrate(before);
      await handle.db
        .insertInto('customer_inquiries')
        .values({ inquiry_type: 'general', subject: 'Older ROW', description: 'Written before the column existed' })
        .execute();
      await migrate(migrations);
      const row = await sql<{ search_text: string }>`SELECT search_text FROM customer_inquiries`.execute(handle.db);
      expect(row.rows).toEqual([{ search_text: 'older row\nwritten before the column existed' }]);
    } finally {
      await handle.close();
    }
  });
});
