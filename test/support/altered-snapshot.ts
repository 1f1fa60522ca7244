// A second real build, different from build/snapshot.sqlite in known places: what a newer publisher release gives.
// Built once from the mirror with two files edited (an overlay, scripts/data/overlay.ts) by the real snapshot
// build, in its own process.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { readSnapshotInfo } from "../../src/snapshot/check.ts";
import { overlayMirror } from "../../scripts/data/overlay.ts";
import { runToEnd } from "../../scripts/lib/service-process.ts";

const OUT = resolve("build/test");
export const ALTERED_SNAPSHOT = join(OUT, "altered", "snapshot.sqlite");

/** The edits: a national median and the latest CPI index, each found exactly once in the publisher file. */
export const ALTERATIONS = [
  {
    path: "bls-oews/oews_M2025_all_areas.csv",
    from: /^(99,U\.S\.,1,US,15-1252,Software Developers,(?:[^,]*,){8})135980,/m,
    to: "$1140000,",
  },
  { path: "bls-cpi/cpiai.csv", from: /^2026-05-01,335\.123,/m, to: "2026-05-01,336.5," },
] as const;

let built: Promise<{ path: string; snapshotId: string }> | undefined;

export function alteredSnapshot(): Promise<{ path: string; snapshotId: string }> {
  return (built ??= build());
}

async function build() {
  const mirror = resolve(process.env.DATA_MIRROR ?? "../shared/data");
  const edited = new Map<string, string>();
  for (const { path, from, to } of ALTERATIONS) {
    const text = await Bun.file(join(mirror, path)).text();
    if (text.match(new RegExp(from.source, "gm"))?.length !== 1)
      throw new Error(`${path}: the line to alter is not there exactly once; update ALTERATIONS`);
    const file = join(OUT, "altered-files", path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, text.replace(from, to));
    edited.set(path, file);
  }
  const overlay = overlayMirror(mirror, join(OUT, "altered-mirror"), edited);
  // Reused while its inputs are unchanged, unless it is older than build/snapshot.sqlite: it stands for a newer release.
  const stale = !existsSync(ALTERED_SNAPSHOT) || builtAt(ALTERED_SNAPSHOT) < builtAt("build/snapshot.sqlite");
  const result = await runToEnd([process.execPath, "scripts/snapshot/build.ts", ...(stale ? [] : ["--if-stale"])], {
    DATA_MIRROR: overlay,
    SNAPSHOT_PATH: ALTERED_SNAPSHOT,
  });
  if (result.code !== 0) throw new Error(`altered snapshot build failed: ${result.stderr}`);
  return { path: ALTERED_SNAPSHOT, snapshotId: readSnapshotInfo(ALTERED_SNAPSHOT).snapshotId };
}

const builtAt = (path: string) => readSnapshotInfo(path).builtAt ?? "";
