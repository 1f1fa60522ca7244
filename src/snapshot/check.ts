// Is this file a snapshot the service can serve? Read before a swap (SIGHUP, the admin route) and when picking the
// newest file in a folder. The full check reads every page (PRAGMA quick_check), so a running service does it on a
// worker thread: requests keep being answered meanwhile.
import { Database } from "bun:sqlite";
import { existsSync, statSync } from "node:fs";
import { SCHEMA_VERSION, SNAPSHOT_DDL } from "./schema.ts";
import { SnapshotError, snapshotMeta } from "./open.ts";

export interface SnapshotFileInfo {
  path: string;
  snapshotId: string;
  schemaVersion: number;
  /** When the build wrote it (meta built_at); null for snapshots built before it was recorded. */
  builtAt: string | null;
}

/** A SQLite file without the snapshot's meta table (another database, e.g. the state database): not a candidate. */
export class NotASnapshot extends SnapshotError {}

const EXPECTED_TABLES = [...SNAPSHOT_DDL.matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1]).sort();

/** Its meta table, without reading the rest. Throws SnapshotError saying what is wrong. */
export function readSnapshotInfo(path: string): SnapshotFileInfo {
  return withSnapshotFile(path, (db) => infoOf(db, path));
}

/** Meta, schema version, the schema's tables and SQLite's page-level check. Throws SnapshotError saying what is wrong. */
export function checkSnapshotFile(path: string): SnapshotFileInfo {
  return withSnapshotFile(path, (db) => {
    const info = infoOf(db, path);
    if (info.schemaVersion !== SCHEMA_VERSION)
      throw new SnapshotError(`${path} has schema version ${info.schemaVersion}; this service needs ${SCHEMA_VERSION}`);
    const tables = new Set(
      db
        .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((r) => r.name),
    );
    const missing = EXPECTED_TABLES.filter((t) => !tables.has(t));
    if (missing.length) throw new SnapshotError(`${path} lacks the tables ${missing.join(", ")}`);
    const problems = db
      .query<{ quick_check: string }, []>("PRAGMA quick_check")
      .all()
      .map((r) => r.quick_check);
    if (problems.join() !== "ok")
      throw new SnapshotError(`${path} failed SQLite's integrity check: ${problems.slice(0, 3).join("; ")}`);
    return info;
  });
}

// In the executable every module shares the entry's URL (/$bunfs/root/…), and the worker, a build entry point of
// its own (scripts/build-executable.ts), sits at its path under src/.
const WORKER = import.meta.url.includes("/$bunfs/") ? "./snapshot/check-worker.ts" : "./check-worker.ts";

/** checkSnapshotFile on a worker thread; settles with the same answer or SnapshotError. */
export function checkSnapshotFileOffThread(path: string, timeoutMs = 120_000): Promise<SnapshotFileInfo> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(WORKER, import.meta.url).href);
    // Settles once, whichever comes first: an answer, an error, the worker's end, or the deadline (a hung read).
    const settle = (result: SnapshotFileInfo | Error) => {
      clearTimeout(timer);
      worker.terminate();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const timer = setTimeout(
      () => settle(new SnapshotError(`${path}: the check took longer than ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    worker.onmessage = (event: MessageEvent<{ info?: SnapshotFileInfo; error?: string }>) =>
      settle(event.data.info ?? new SnapshotError(event.data.error ?? `${path}: the check ended without an answer`));
    worker.onerror = (event) => settle(new SnapshotError(`${path}: the check failed (${event.message})`));
    worker.addEventListener("close", () => settle(new SnapshotError(`${path}: the check stopped without an answer`)));
    worker.postMessage(path);
  });
}

function withSnapshotFile<T>(path: string, read: (db: Database) => T): T {
  if (!existsSync(path)) throw new SnapshotError(`${path} does not exist`);
  if (!statSync(path).isFile()) throw new SnapshotError(`${path} is not a file`);
  let db: Database | undefined;
  try {
    db = new Database(path, { readonly: true, strict: true });
    return read(db);
  } catch (err) {
    if (err instanceof SnapshotError) throw err;
    throw new SnapshotError(`${path} is not a readable snapshot (${(err as Error).message})`);
  } finally {
    db?.close();
  }
}

function infoOf(db: Database, path: string): SnapshotFileInfo {
  if (!db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get())
    throw new NotASnapshot(`${path} is not a snapshot (no meta table)`);
  const meta = snapshotMeta(db);
  if (!meta.snapshot_id) throw new SnapshotError(`${path} has no snapshot_id`);
  return {
    path,
    snapshotId: meta.snapshot_id,
    schemaVersion: Number(meta.schema_version),
    builtAt: meta.built_at ?? null,
  };
}
