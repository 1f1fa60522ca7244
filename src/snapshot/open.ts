// Open the immutable snapshot read-only and refuse anything that is not a snapshot of our schema.
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { SCHEMA_VERSION } from "./schema.ts";

export class SnapshotError extends Error {}

const BUILD_HINT = "Build it with `npm run data` (reads the publisher files from DATA_MIRROR, default ../shared/data).";

export interface Snapshot {
  db: Database;
  snapshotId: string;
  schemaVersion: number;
}

export function openSnapshot(path: string): Snapshot {
  if (!existsSync(path)) throw new SnapshotError(`snapshot not found at ${path}. ${BUILD_HINT}`);
  let db: Database;
  try {
    db = new Database(path, { readonly: true, strict: true });
    const meta = Object.fromEntries(db.query<{ key: string; value: string }, []>("SELECT key, value FROM meta").all().map((r) => [r.key, r.value]));
    const version = Number(meta.schema_version);
    if (version !== SCHEMA_VERSION) {
      db.close();
      throw new SnapshotError(`snapshot at ${path} has schema version ${meta.schema_version ?? "none"}, this service needs ${SCHEMA_VERSION}. ${BUILD_HINT}`);
    }
    if (!meta.snapshot_id) throw new SnapshotError(`snapshot at ${path} has no snapshot_id. ${BUILD_HINT}`);
    return { db, snapshotId: meta.snapshot_id, schemaVersion: version };
  } catch (err) {
    if (err instanceof SnapshotError) throw err;
    throw new SnapshotError(`snapshot at ${path} is not readable (${(err as Error).message}). ${BUILD_HINT}`);
  }
}
