import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql, type ColumnType, type Generated } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from './index.ts';
import { GENERIC_PLAN, parameterText, PgliteDialect } from './pglite-dialect.ts';
import { TURN_BUDGET_MS } from './pglite-driver.ts';

interface Tables {
  parts: {
    id: number;
    name: string;
    tags: Generated<string[]>;
    data: ColumnType<unknown, string | undefined, string>;
    seen: ColumnType<Date | null, Date | undefined, Date>;
  };
}

describe('parameterText', () => {
  it('writes each JavaScript type as the text PostgreSQL reads', () => {
    expect(parameterText(null)).toBeNull();
    expect(parameterText(undefined)).toBeNull();
    expect(parameterText('a "b" \\ c')).toBe('a "b" \\ c');
    expect(parameterText(1.5)).toBe('1.5');
    expect(parameterText(12345678901234567890n)).toBe('12345678901234567890');
    expect(parameterText(true)).toBe('t');
    expect(parameterText(false)).toBe('f');
    expect(parameterText(new Date(Date.UTC(2026, 10, 28, 9, 30)))).toBe('2026-11-28T09:30:00.000Z');
    expect(parameterText(new Uint8Array([0, 15, 255]))).toBe('\\x000fff');
    expect(parameterText(Buffer.from('hi'))).toBe('\\x6869');
    expect(parameterText({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
    expect(parameterText(['a', 'b"c', 'd\\e', null, 'NULL', ''])).toBe('{"a","b\\"c","d\\\\e",NULL,"NULL",""}');
    expect(parameterText([[1, 2], [3, null]])).toBe('{{"1","2"},{"3",NULL}}');
    expect(parameterText([])).toBe('{}');
  });
});

describe('the PGlite dialect', () => {
  let client: PGlite;
  let db: Kysely<Tables>;
  // Asked through PGlite's own query, which prepares nothing under a name.
  const prepared = async () =>
    (await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements WHERE NOT from_sql ORDER BY name')).rows.map((row) => row.statement);

  beforeAll(async () => {
    client = await PGlite.create('memory://', PGLITE_OPTIONS);
    db = new Kysely<Tables>({ dialect: new PgliteDialect(client, { count: 3, textBytes: 4096 }) });
    await sql`CREATE TABLE parts (id int PRIMARY KEY, name text NOT NULL, tags text[] NOT NULL DEFAULT '{}', data jsonb, seen timestamptz)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('round-trips values of every kind the application stores', async () => {
    const seen = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6));
    await db.insertInto('parts').values({ id: 1, name: 'pad "front"', tags: ['brakes', 'a,b', 'c"d', ''], data: JSON.stringify({ mm: 12 }), seen }).execute();
    const row = await db.selectFrom('parts').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row).toEqual({ id: 1, name: 'pad "front"', tags: ['brakes', 'a,b', 'c"d', ''], data: { mm: 12 }, seen });
    const typed = await sql<{ n: number; big: number; b: boolean; bytes: Uint8Array; num: string; nothing: null }>`
      SELECT ${7}::int AS n, ${9007199254740991n}::int8 AS big, ${false}::bool AS b, ${new Uint8Array([1, 2])}::bytea AS bytes, 1.50::numeric AS num, NULL AS nothing`.execute(db);
    expect(typed.rows[0]).toEqual({ n: 7, big: 9007199254740991, b: false, bytes: new Uint8Array([1, 2]), num: '1.50', nothing: null });
  });

  it('counts the rows a write touched', async () => {
    const inserted = await db.insertInto('parts').values([{ id: 2, name: 'b' }, { id: 3, name: 'c' }]).executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    const updated = await db.updateTable('parts').set({ name: 'x' }).where('id', 'in', [2, 3]).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('parts').where('id', '=', 99).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);
  });

  it("passes the server's errors through with their codes and keeps working", async () => {
    await expect(db.insertInto('parts').values({ id: 1, name: 'again' }).execute()).rejects.toMatchObject({ code: '23505', constraint: 'parts_pkey' });
    await expect(sql`SELEC nonsense`.execute(db)).rejects.toMatchObject({ code: '42601' });
    await expect(sql`SELECT * FROM no_such_table`.execute(db)).rejects.toMatchObject({ code: '42P01' });
    // A statement that failed to prepare is not remembered.
    expect(await prepared()).not.toContain('SELECT * FROM no_such_table');
    expect((await db.selectFrom('parts').select('name').where('id', '=', 1).executeTakeFirstOrThrow()).name).toBe('pad "front"');
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('parts').values({ id: 10, name: 'kept?' }).execute();
        await tx.insertInto('parts').values({ id: 1, name: 'duplicate' }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.selectFrom('parts').select('id').where('id', '=', 10).execute()).toEqual([]);
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('parts').values({ id: 11, name: 'committed' }).execute();
    });
    expect(await db.selectFrom('parts').select('id').where('id', '=', 11).execute()).toEqual([{ id: 11 }]);
  });

  it('keeps reads and writes prepared within its limits, the least recently used let go first', async () => {
    // Statements deallocated behind the dialect's back are prepared again when next used.
    await sql`DEALLOCATE ALL`.execute(db);
    const byId = (id: number) => db.selectFrom('parts').select('name').where('id', '=', id).execute();
    const byName = (name: string) => db.selectFrom('parts').select('id').where('name', '=', name).execute();
    const count = () => db.selectFrom('parts').select((eb) => eb.fn.countAll<number>().as('n')).execute();
    await byId(1);
    await byId(2);
    expect(await prepared()).toEqual(['select "name" from "parts" where "id" = $1']);
    await byName('x');
    await count();
    await byId(3);
    // A fourth statement lets the least recently used one (by name) go.
    await db.selectFrom('parts').select('tags').where('id', '=', 1).execute();
    const kept = await prepared();
    expect(kept).toHaveLength(3);
    expect(kept).not.toContain('select "id" from "parts" where "name" = $1');
    expect(kept).toContain('select "name" from "parts" where "id" = $1');
    // Not prepared: statements other than reads and writes, and a text over an eighth of the budget.
    await sql`SET application_name = 'vintech'`.execute(db);
    await sql.raw(`SELECT 1 AS padding /* ${'x'.repeat(600)} */`).execute(db);
    expect((await prepared()).some((text) => text.startsWith('SET') || text.includes('padding'))).toBe(false);
  });

  it('prepares a statement again when a table it selects whole has changed its columns', async () => {
    const all = () => db.selectFrom('parts').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    await all();
    await sql`ALTER TABLE parts ADD COLUMN grade text NOT NULL DEFAULT 'A'`.execute(db);
    expect(await all()).toMatchObject({ id: 1, grade: 'A' });
  });

  it('plans each call for its values, and a statement marked for one plan once', async () => {
    const plans = async (text: string) =>
      (
        await client.query<{ generic_plans: number; custom_plans: number }>(
          'SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement = $1',
          [text],
        )
      ).rows[0];
    const mode = async () => (await client.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]?.plan_cache_mode;
    const each = (id: number) => sql<{ name: string }>`SELECT name FROM parts WHERE id = ${id}`.execute(db);
    const once = (id: number) => sql<{ name: string }>`${sql.raw(GENERIC_PLAN)} SELECT name FROM parts WHERE id = ${id}`.execute(db);
    for (const id of [1, 2, 3, 11, 1, 2, 3]) {
      expect((await each(id)).rows).toHaveLength(1);
      expect((await once(id)).rows).toHaveLength(1);
    }
    expect(await plans('SELECT name FROM parts WHERE id = $1')).toEqual({ generic_plans: 0, custom_plans: 7 });
    expect(await plans(`${GENERIC_PLAN} SELECT name FROM parts WHERE id = $1`)).toEqual({ generic_plans: 7, custom_plans: 0 });
    expect(await mode()).toBe('force_custom_plan');
    // A marked statement that fails leaves the setting as it was.
    await expect(sql`${sql.raw(GENERIC_PLAN)} SELECT 1 / ${0}::int AS x`.execute(db)).rejects.toMatchObject({ code: '22012' });
    expect(await mode()).toBe('force_custom_plan');
  });

  it('runs statements for at most its budget in one turn of the event loop', async () => {
    // Statements of 3 ms: a timer due now fires within two turns' worth of them, whether they were
    // asked for all at once or one after another, and every statement still runs, in order.
    const slow = (i: number) => sql<{ i: number }>`SELECT ${i}::int AS i, pg_sleep(0.003)`.execute(db);
    const done: number[] = [];
    const doneWhenTimerFires = () => new Promise<number>((resolve) => setTimeout(() => resolve(done.length), 0));
    const [atOnce] = await Promise.all([doneWhenTimerFires(), ...Array.from({ length: 30 }, (_, i) => slow(i).then(() => done.push(i)))]);
    expect(done).toEqual(Array.from({ length: 30 }, (_, i) => i));
    done.length = 0;
    const oneByOne = doneWhenTimerFires();
    for (let i = 0; i < 30; i++) await slow(i).then(() => done.push(i));
    for (const count of [atOnce, await oneByOne]) expect(count).toBeLessThanOrEqual(2 * (Math.ceil(TURN_BUDGET_MS / 3) + 1));
  });

  it('takes its turn with other users of the client', async () => {
    const [dump, rows] = await Promise.all([client.dumpDataDir('none'), db.selectFrom('parts').select('id').orderBy('id').execute()]);
    expect(dump.size).toBeGreaterThan(0);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 11]);
  });
});
