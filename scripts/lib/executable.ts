// The executable the benchmarks measure: build/workforce-api, rebuilt when it does not embed the current snapshot or
// any source file is newer than it (a change under src/hosts or src/http leaves the snapshot id as it was).
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { openSnapshot } from "../../src/snapshot/open.ts";
import { runToEnd } from "./service-process.ts";

const snapshotId = (path: string) => {
  const snapshot = openSnapshot(path);
  snapshot.db.close();
  return snapshot.snapshotId;
};

const newestSource = () => Math.max(...[...new Bun.Glob("src/**/*").scanSync()].map((f) => statSync(f).mtimeMs));

export async function currentExecutable(): Promise<string> {
  const exe = resolve("build/workforce-api");
  if (
    !existsSync(exe) ||
    !existsSync("build/snapshot.id") ||
    readFileSync("build/snapshot.id", "utf8").trim() !== snapshotId("build/snapshot.sqlite") ||
    statSync(exe).mtimeMs < newestSource()
  ) {
    const built = await runToEnd([process.execPath, "scripts/build-executable.ts"], {});
    if (built.code !== 0) throw new Error(`executable build failed: ${built.stderr}`);
  }
  return exe;
}
