import { sql, type Kysely, type RawBuilder } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// A shop's stat cards (docs/inquiries.md, docs/appointments.md) read its totals by status and
// priority from shop_counts, kept per shop by the statement-level triggers of 0003, whose functions
// now group by shop; reading them costs the same at 1,000 rows as at a million. crm_counts held the
// same totals across all shops, which nothing reads since inquiries belong to shops: it goes, and
// its rows are recounted per shop from the tables themselves (rows without a shop are in no shop's
// cards). No foreign key to service_centers: deleting a shop sets its rows' shop to NULL, and the
// triggers that then take them off its counters must still find a place to write.

/**
 * One trigger function for `entity`'s table: every statement's rows counted by shop, status and
 * `priority` (a column, or '' where the table has none), added on insert, taken off on delete, both
 * on update. Deltas are applied in key order, so concurrent statements lock the counter rows in the
 * same order and cannot deadlock each other. Names and expressions here are this file's constants.
 */
function countFunction(name: string, entity: 'inquiry' | 'appointment', priority: string): RawBuilder<unknown> {
  const keys = `service_center_id, status, ${priority} AS priority`;
  const upsert = `INSERT INTO shop_counts (service_center_id, entity, status, priority, n)`;
  const merge = `ON CONFLICT (service_center_id, entity, status, priority) DO UPDATE SET n = shop_counts.n + excluded.n`;
  return sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${upsert}
          SELECT service_center_id, '${entity}', status, ${priority}, count(*) FROM new_rows
          WHERE service_center_id IS NOT NULL GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
        ${merge};
      ELSIF TG_OP = 'DELETE' THEN
        ${upsert}
          SELECT service_center_id, '${entity}', status, ${priority}, -count(*) FROM old_rows
          WHERE service_center_id IS NOT NULL GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
        ${merge};
      ELSE
        ${upsert}
          SELECT service_center_id, '${entity}', status, priority, sum(delta) FROM (
            SELECT ${keys}, 1 AS delta FROM new_rows WHERE service_center_id IS NOT NULL
            UNION ALL
            SELECT ${keys}, -1 AS delta FROM old_rows WHERE service_center_id IS NOT NULL
          ) changes
          GROUP BY 1, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 3, 4
        ${merge};
      END IF;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
}

const inquiryFunction = countFunction('crm_count_inquiries', 'inquiry', 'priority');
const appointmentFunction = countFunction('crm_count_appointments', 'appointment', "''");

const truncateFunction = sql`CREATE OR REPLACE FUNCTION crm_count_truncate() RETURNS trigger AS $$
    BEGIN
      DELETE FROM shop_counts WHERE entity = TG_ARGV[0];
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`;

const upStatements: RawBuilder<unknown>[] = [
  sql`CREATE TABLE shop_counts (
      service_center_id uuid NOT NULL,
      entity text NOT NULL CHECK (entity IN ('inquiry', 'appointment')),
      status text NOT NULL,
      priority text NOT NULL DEFAULT '',
      n bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (service_center_id, entity, status, priority)
    )`,
  // The functions are replaced, and the rows counted, under a lock that keeps writers out between.
  sql`LOCK TABLE customer_inquiries, service_appointments IN SHARE ROW EXCLUSIVE MODE`,
  inquiryFunction,
  appointmentFunction,
  truncateFunction,
  sql`INSERT INTO shop_counts (service_center_id, entity, status, priority, n)
      SELECT service_center_id, 'inquiry', status, priority, count(*) FROM customer_inquiries
      WHERE service_center_id IS NOT NULL GROUP BY service_center_id, status, priority`,
  sql`INSERT INTO shop_counts (service_center_id, entity, status, n)
      SELECT service_center_id, 'appointment', status, count(*) FROM service_appointments
      WHERE service_center_id IS NOT NULL GROUP BY service_center_id, status`,
  sql`DROP TABLE crm_counts`,
];

export async function up(db: Kysely<any>): Promise<void> {
  // The migrator runs a migration in one transaction (PostgreSQL's DDL is transactional).
  for (const statement of upStatements) await statement.execute(db);
}

// Back to 0003's counters across all shops.
export async function down(db: Kysely<any>): Promise<void> {
  const statements: RawBuilder<unknown>[] = [
    sql`CREATE TABLE crm_counts (
        entity text NOT NULL CHECK (entity IN ('inquiry', 'appointment')),
        status text NOT NULL,
        priority text NOT NULL DEFAULT '',
        n bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (entity, status, priority)
      )`,
    sql`LOCK TABLE customer_inquiries, service_appointments IN SHARE ROW EXCLUSIVE MODE`,
    sql`CREATE OR REPLACE FUNCTION crm_count_inquiries() RETURNS trigger AS $$
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
    sql`CREATE OR REPLACE FUNCTION crm_count_appointments() RETURNS trigger AS $$
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
    sql`CREATE OR REPLACE FUNCTION crm_count_truncate() RETURNS trigger AS $$
        BEGIN
          DELETE FROM crm_counts WHERE entity = TG_ARGV[0];
          RETURN NULL;
        END;
        $$ LANGUAGE plpgsql`,
    sql`INSERT INTO crm_counts (entity, status, priority, n)
        SELECT 'inquiry', status, priority, count(*) FROM customer_inquiries GROUP BY status, priority`,
    sql`INSERT INTO crm_counts (entity, status, n)
        SELECT 'appointment', status, count(*) FROM service_appointments GROUP BY status`,
    sql`DROP TABLE shop_counts`,
  ];
  for (const statement of statements) await statement.execute(db);
}
