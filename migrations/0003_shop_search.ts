import { sql, type Kysely, type RawBuilder } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Search: trigram indexes serve `ILIKE '%term%'` on each searched column, so "subject or description"
// becomes a BitmapOr of two index scans instead of a scan of the table.
// Stats: the cards' totals by status and priority are kept in crm_counts by statement-level
// triggers, so reading them costs the same at 1,000 rows as at 10 million.

const statements: RawBuilder<unknown>[] = [
  sql`CREATE INDEX customer_inquiries_subject_trgm_idx ON customer_inquiries USING gin (subject gin_trgm_ops)`,
  sql`CREATE INDEX customer_inquiries_description_trgm_idx ON customer_inquiries USING gin (description gin_trgm_ops)`,
  sql`CREATE INDEX service_appointments_service_type_trgm_idx ON service_appointments USING gin (service_type gin_trgm_ops)`,
  sql`CREATE INDEX service_appointments_description_trgm_idx ON service_appointments USING gin (description gin_trgm_ops)`,
  // Both filters at once: a rare combination must not walk the status index row by row.
  sql`CREATE INDEX customer_inquiries_status_priority_idx ON customer_inquiries (status, priority, created_at DESC)`,
  // Keyset pages of one customer's inquiries by status (the owner's filtered view).
  sql`CREATE INDEX customer_inquiries_customer_status_idx ON customer_inquiries (customer_id, status, created_at DESC)`,

  sql`CREATE TABLE crm_counts (
      entity text NOT NULL CHECK (entity IN ('inquiry', 'appointment')),
      status text NOT NULL,
      priority text NOT NULL DEFAULT '',
      n bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (entity, status, priority)
    )`,

  // Deltas are grouped per statement and applied in key order, so concurrent statements lock the
  // counter rows in the same order and cannot deadlock each other.
  sql`CREATE FUNCTION crm_count_inquiries() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO crm_counts (entity, status, priority, n)
            SELECT 'inquiry', status, priority, count(*) FROM new_rows GROUP BY status, priority ORDER BY 2, 3
          ON CONFLICT (entity, status, priority) DO UPDATE SET n = crm_counts.n + excluded.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO crm_counts (entity, status, priority, n)
            SELECT 'inquiry', status, priority, -count(*) FROM old_rows GROUP BY status, priority ORDER BY 2, 3
          ON CONFLICT (entity, status, priority) DO UPDATE SET n = crm_counts.n + excluded.n;
        ELSE
          INSERT INTO crm_counts (entity, status, priority, n)
            SELECT 'inquiry', status, priority, sum(delta) FROM (
              SELECT status, priority, 1 AS delta FROM new_rows
              UNION ALL
              SELECT status, priority, -1 AS delta FROM old_rows
            ) changes
            GROUP BY status, priority HAVING sum(delta) <> 0 ORDER BY 2, 3
          ON CONFLICT (entity, status, priority) DO UPDATE SET n = crm_counts.n + excluded.n;
        END IF;
        RETURN NULL;
      END;
      $$ LANGUAGE plpgsql`,
  sql`CREATE FUNCTION crm_count_appointments() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO crm_counts (entity, status, n)
            SELECT 'appointment', status, count(*) FROM new_rows GROUP BY status ORDER BY 2
          ON CONFLICT (entity, status, priority) DO UPDATE SET n = crm_counts.n + excluded.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO crm_counts (entity, status, n)
            SELECT 'appointment', status, -count(*) FROM old_rows GROUP BY status ORDER BY 2
          ON CONFLICT (entity, status, priority) DO UPDATE SET n = crm_counts.n + excluded.n;
        ELSE
          INSERT INTO crm_counts (entity, status, n)
            SELECT 'appointment', status, sum(delta) FROM (
              SELECT status, 1 AS delta FROM new_rows
              UNION ALL
              SELECT status, -1 AS delta FROM old_rows
            ) changes
            GROUP BY status HAVING sum(delta) <> 0 ORDER BY 2
          ON CONFLICT (entity, status, priority) DO UPDATE SET n = crm_counts.n + excluded.n;
        END IF;
        RETURN NULL;
      END;
      $$ LANGUAGE plpgsql`,
  sql`CREATE FUNCTION crm_count_truncate() RETURNS trigger AS $$
      BEGIN
        DELETE FROM crm_counts WHERE entity = TG_ARGV[0];
        RETURN NULL;
      END;
      $$ LANGUAGE plpgsql`,

  sql`CREATE TRIGGER customer_inquiries_count_insert AFTER INSERT ON customer_inquiries
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_count_inquiries()`,
  sql`CREATE TRIGGER customer_inquiries_count_update AFTER UPDATE ON customer_inquiries
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_count_inquiries()`,
  sql`CREATE TRIGGER customer_inquiries_count_delete AFTER DELETE ON customer_inquiries
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_count_inquiries()`,
  sql`CREATE TRIGGER customer_inquiries_count_truncate AFTER TRUNCATE ON customer_inquiries
      FOR EACH STATEMENT EXECUTE FUNCTION crm_count_truncate('inquiry')`,
  sql`CREATE TRIGGER service_appointments_count_insert AFTER INSERT ON service_appointments
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_count_appointments()`,
  sql`CREATE TRIGGER service_appointments_count_update AFTER UPDATE ON service_appointments
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_count_appointments()`,
  sql`CREATE TRIGGER service_appointments_count_delete AFTER DELETE ON service_appointments
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION crm_count_appointments()`,
  sql`CREATE TRIGGER service_appointments_count_truncate AFTER TRUNCATE ON service_appointments
      FOR EACH STATEMENT EXECUTE FUNCTION crm_count_truncate('appointment')`,

  // Rows that existed before this migration.
  sql`INSERT INTO crm_counts (entity, status, priority, n)
      SELECT 'inquiry', status, priority, count(*) FROM customer_inquiries GROUP BY status, priority`,
  sql`INSERT INTO crm_counts (entity, status, n)
      SELECT 'appointment', status, count(*) FROM service_appointments GROUP BY status`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const triggers = [
    ['customer_inquiries', 'customer_inquiries_count_insert'],
    ['customer_inquiries', 'customer_inquiries_count_update'],
    ['customer_inquiries', 'customer_inquiries_count_delete'],
    ['customer_inquiries', 'customer_inquiries_count_truncate'],
    ['service_appointments', 'service_appointments_count_insert'],
    ['service_appointments', 'service_appointments_count_update'],
    ['service_appointments', 'service_appointments_count_delete'],
    ['service_appointments', 'service_appointments_count_truncate'],
  ] as const;
  for (const [table, trigger] of triggers) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS crm_count_inquiries()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS crm_count_appointments()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS crm_count_truncate()`.execute(db);
  await sql`DROP TABLE IF EXISTS crm_counts`.execute(db);
  for (const index of [
    'customer_inquiries_subject_trgm_idx',
    'customer_inquiries_description_trgm_idx',
    'service_appointments_service_type_trgm_idx',
    'service_appointments_description_trgm_idx',
    'customer_inquiries_customer_status_idx',
    'customer_inquiries_status_priority_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(index)}`.execute(db);
  }
}
