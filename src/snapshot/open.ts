// Open the immutable snapshot read-only and refuse anything that is not a snapshot of our schema.
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { SCHEMA_VERSION } from "./schema.ts";
import { StartupError } from "../startup-error.ts";

/** The snapshot is missing, foreign or unreadable: start-up stops with this (one line, exit 2). */
export class SnapshotError extends StartupError {}

const BUILD_HINT =
  "Build it with `npm run data` from a folder of publisher files (DATA_MIRROR, default ../shared/data), download them first with " +
  "`DATA_CONTACT=you@example.com npm run data -- --download`, or place a snapshot built elsewhere at SNAPSHOT_PATH or in SNAPSHOT_DIR (docs/data.md).";

export interface Snapshot {
  db: Database;
  snapshotId: string;
  schemaVersion: number;
}

/** The snapshot's meta table as key → value. */
export const snapshotMeta = (db: Database): Record<string, string> =>
  Object.fromEntries(
    db
      .query<{ key: string; value: string }, []>("SELECT key, value FROM meta")
      .all()
      .map((r) => [r.key, r.value]),
  );

/** Open a snapshot file, or check one already open (the executable embeds its snapshot). */
export function openSnapshot(source: string | Database): Snapshot {
  const path = typeof source === "string" ? source : "(embedded)";
  if (typeof source === "string" && !existsSync(source))
    throw new SnapshotError(`snapshot not found at ${path}. ${BUILD_HINT}`);
  let db: Database | undefined;
  try {
    db = typeof source === "string" ? new Database(source, { readonly: true, strict: true }) : source;
    // Sorts and temporary indexes stay in memory: in the container the state volume is the only writable path,
    // and SQLite would otherwise create its temporary files under /var/tmp or /tmp.
    db.exec("PRAGMA temp_store = MEMORY");
    const meta = snapshotMeta(db);
    const version = Number(meta.schema_version);
    if (version !== SCHEMA_VERSION) {
      throw new SnapshotError(
        `snapshot at ${path} has schema version ${meta.schema_version ?? "none"}, this service needs ${SCHEMA_VERSION}. ${BUILD_HINT}`,
      );
    }
    if (!meta.snapshot_id) throw new SnapshotError(`snapshot at ${path} has no snapshot_id. ${BUILD_HINT}`);
    return { db, snapshotId: meta.snapshot_id, schemaVersion: version };
  } catch (err) {
    if (typeof source === "string") db?.close();
    if (err instanceof SnapshotError) throw err;
    throw new SnapshotError(`snapshot at ${path} is not readable (${(err as Error).message}). ${BUILD_HINT}`);
  }
}
