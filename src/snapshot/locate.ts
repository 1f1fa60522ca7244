// Which snapshot file to serve. SNAPSHOT_PATH names one file; SNAPSHOT_DIR names a folder, and the newest snapshot
// in it is served: newest by the build time recorded inside (meta built_at), so copying a file across an air gap,
// which may reset its modification time, does not reorder builds. The executable adds its own embedded snapshot.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { NotASnapshot, readSnapshotInfo } from "./check.ts";
import { SnapshotError } from "./open.ts";

export type SnapshotLocation = { path: string } | { dir: string; also?: string };

export const describeLocation = (where: SnapshotLocation) => ("path" in where ? where.path : `the newest snapshot in ${where.dir}`);

/**
 * The file to open. In a folder: every *.sqlite file that is a snapshot, ranked by built_at (older builds without
 * it, and files too damaged to read, by modification time). A damaged newest file is returned, not skipped: the
 * caller's full check refuses it and says so, rather than quietly serving an older build.
 */
export function locateSnapshot(where: SnapshotLocation): string {
  if ("path" in where) return where.path;
  let names: string[];
  try {
    names = readdirSync(where.dir).filter((n) => n.endsWith(".sqlite"));
  } catch (err) {
    throw new SnapshotError(`cannot read the snapshot folder ${where.dir} (${(err as Error).message})`);
  }
  const ranked = [...names.map((n) => join(where.dir, n)), ...(where.also ? [where.also] : [])].flatMap((path) => {
    try {
      const info = readSnapshotInfo(path);
      return [{ path, at: info.builtAt ? Date.parse(info.builtAt) : info.mtimeMs }];
    } catch (err) {
      if (err instanceof NotASnapshot) return []; // e.g. the state database kept in the same folder
      return [{ path, at: mtimeOf(path) }];
    }
  }).sort((a, b) => b.at - a.at);
  if (!ranked.length) throw new SnapshotError(`no snapshot (*.sqlite) in ${where.dir}. Build one with \`npm run data\` and copy it there.`);
  return ranked[0].path;
}

function mtimeOf(path: string): number {
  try {
    return Bun.file(path).lastModified;
  } catch {
    return 0;
  }
}
