// The title ranker's fit is the slowest step of a build (about half of it), and most builds do not change what it
// learns from: a mirror with one price file replaced, a publisher layout read another way. So a fitted model is kept
// under build/cache, named by the hash of everything the fit reads — the build's code, the lexicon it matches with,
// the training titles and the options — and a build with the same inputs reads it back instead of fitting again.
// The fit is deterministic (test/snapshot/build.test.ts builds twice without the cache and compares), so a reused
// model is the model a fit would give.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { RankerModel } from "../../src/domain/title/ranker.ts";

/** Models kept: the newest few, so switching between two branches reuses both. */
const KEPT = 4;

export interface RankerCache {
  dir: string;
  /** The hash of the build's code and manifest (planBuild). */
  codeHash: string;
}

/** Reads the model fitted on these inputs from the cache, or fits it and stores it there. */
export function cachedFit(
  cache: RankerCache | undefined,
  inputs: { lexicon: Record<string, string | Uint8Array>; titles: unknown; options: unknown },
  fit: () => RankerModel,
): { model: RankerModel; reused: string | null } {
  if (!cache) return { model: fit(), reused: null };
  const hasher = new Bun.CryptoHasher("sha256");
  hasher.update(`code:${cache.codeHash}\n`);
  for (const name of Object.keys(inputs.lexicon).sort()) hasher.update(name).update(inputs.lexicon[name]);
  hasher.update(JSON.stringify(inputs.titles)).update(JSON.stringify(inputs.options));
  const file = join(cache.dir, `title-ranker-${hasher.digest("hex").slice(0, 24)}.json`);
  if (existsSync(file)) {
    utimesSync(file, new Date(), new Date()); // the newest use, for prune
    return { model: JSON.parse(readFileSync(file, "utf8")), reused: file };
  }
  const model = fit();
  mkdirSync(cache.dir, { recursive: true });
  writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(model));
  renameSync(`${file}.${process.pid}.tmp`, file);
  prune(cache.dir);
  return { model, reused: null };
}

function prune(dir: string) {
  const models = readdirSync(dir)
    .filter((f) => /^title-ranker-\w+\.json$/.test(f))
    .map((f) => ({ path: join(dir, f), at: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of models.slice(KEPT)) rmSync(old.path, { force: true });
}
