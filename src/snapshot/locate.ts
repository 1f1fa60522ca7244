// Which snapshot file to serve. SNAPSHOT_PATH names one file; SNAPSHOT_DIR names a folder, and the newest snapshot
// in it is served: newest by the build time recorded inside (meta built_at), so copying a file across an air gap,
// which may reset its modification time, does not reorder builds. The executable adds its own embedded snapshot.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { NotASnapshot, readSnapshotInfo } from "./check.ts";
import { SnapshotError } from "./open.ts";

export type SnapshotLocation = { path: string } | { dir: string; also?: string };

export const describeLocation = (where: SnapshotLocation) =>
  "path" in where ? where.path : `the newest snapshot in ${where.dir}`;

export interface Located {
  path: string;
  /** Files in the folder that could not be read as snapshots (damaged, or not SQLite), each with the reason. */
  passedOver: { path: string; reason: string }[];
}

/**
 * The file to open. In a folder: every regular *.sqlite file (links followed) that is a snapshot, ranked by
 * built_at; builds older than built_at, and files too damaged to read, rank below every build that has it, by
 * modification time. A damaged file that ranks first is returned, not skipped: the caller's full check refuses
 * it and says so, rather than quietly serving an older build. Damaged files ranked lower are listed in
 * passedOver for the caller to log. On a tie the executable's own snapshot wins.
 */
export function locateSnapshot(where: SnapshotLocation): Located {
  if ("path" in where) return { path: where.path, passedOver: [] };
  let names: string[];
  try {
    names = readdirSync(where.dir).filter((n) => n.endsWith(".sqlite"));
  } catch (err) {
    throw new SnapshotError(`cannot read the snapshot folder ${where.dir} (${(err as Error).message})`);
  }
  const candidates = [...(where.also ? [where.also] : []), ...names.map((n) => join(where.dir, n))];
  const damaged = new Map<string, string>();
  const ranked = candidates
    .flatMap((path) => {
      const mtime = regularFileTime(path);
      if (mtime === null) return []; // a folder, a dangling link, or gone since the listing
      try {
        const info = readSnapshotInfo(path);
        return [{ path, dated: info.builtAt !== null, at: info.builtAt ? Date.parse(info.builtAt) : mtime }];
      } catch (err) {
        if (err instanceof NotASnapshot) return []; // e.g. the state database kept in the same folder
        damaged.set(path, (err as Error).message);
        return [{ path, dated: false, at: mtime }];
      }
    })
    .sort((a, b) => Number(b.dated) - Number(a.dated) || b.at - a.at); // stable: `also` first on a tie
  if (!ranked.length)
    throw new SnapshotError(
      `no snapshot (*.sqlite) in ${where.dir}. Build one with \`npm run data\` and copy it there.`,
    );
  const path = ranked[0].path;
  return { path, passedOver: [...damaged].filter(([p]) => p !== path).map(([p, reason]) => ({ path: p, reason })) };
}

/** Modification time of a regular file (following links), or null for anything else. */
function regularFileTime(path: string): number | null {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat.mtimeMs : null;
  } catch {
    return null;
  }
}
