// `npm run data`: publisher files in DATA_MIRROR → build/snapshot.sqlite (read-only at run time).
// `npm run data -- --download`: fetch them from the publishers first (scripts/data/download.ts).
import { Database } from "bun:sqlite";
import { mkdirSync, rmSync, renameSync, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { SCHEMA_VERSION, SNAPSHOT_DDL } from "../../src/snapshot/schema.ts";
import { datasets, resolveDataset, defaultMirror, type ResolvedDataset } from "./manifest.ts";
import type { Loader, LoadContext } from "./context.ts";
import { loadOews } from "./loaders/oews.ts";
import { loadOnet30, loadOnet29 } from "./loaders/onet.ts";
import { loadSoc2018, loadIsco08, loadIscoSocCrosswalk } from "./loaders/classifications.ts";
import { loadEscoOccupations, loadEscoOnetCrosswalk, loadEscoNationalTitles } from "./loaders/esco.ts";
import {
  loadEuCountries,
  loadSes2022,
  loadSesMonthly,
  loadGenderPayGap,
  loadMinimumWage,
  loadHicp,
} from "./loaders/eurostat.ts";
import { loadStatutoryMinimumWages } from "./loaders/minimum-wages.ts";
import { loadEmployerTitles } from "./loaders/employer-titles.ts";
import { loadBlsCpi, loadBlsAveragePrices } from "./loaders/bls-prices.ts";
import { loadRpp } from "./loaders/bea.ts";
import { loadWorldBankPpp, loadWorldBankInflation } from "./loaders/worldbank.ts";
import { loadCbsa } from "./loaders/census.ts";
import { loadCensusOccupationIndex } from "./loaders/census-occupations.ts";
import { loadCities, loadZipCodes, loadPlaceAliases } from "./loaders/geonames.ts";
import { writeDerivedTables } from "./derived.ts";
import type { DatasetId } from "../../src/snapshot/repositories/sources.ts";
import { readDownloadLog } from "./download-log.ts";
import { readSnapshotInfo } from "../../src/snapshot/check.ts";

// Run order: the Eurostat country table first (label → code mapping uses it).
export const LOADERS: Record<DatasetId, Loader> = {
  eurostat_countries: loadEuCountries,
  bls_oews: loadOews,
  onet_30_0: loadOnet30,
  onet_29_3: loadOnet29,
  soc_2018: loadSoc2018,
  isco_08: loadIsco08,
  isco_soc_crosswalk: loadIscoSocCrosswalk,
  esco_occupations: loadEscoOccupations,
  esco_onet_crosswalk: loadEscoOnetCrosswalk,
  esco_national_titles: loadEscoNationalTitles, // after esco_occupations: reads their ISCO groups
  employer_titles: loadEmployerTitles,
  census_occupation_index: loadCensusOccupationIndex,
  eurostat_ses_2022: loadSes2022,
  eurostat_ses_monthly: loadSesMonthly,
  eurostat_gpg: loadGenderPayGap,
  eurostat_min_wage: loadMinimumWage,
  statutory_minimum_wages: loadStatutoryMinimumWages,
  eurostat_hicp: loadHicp,
  bls_cpi: loadBlsCpi,
  bls_ap: loadBlsAveragePrices,
  bea_rpp: loadRpp,
  worldbank_ppp: loadWorldBankPpp,
  worldbank_inflation: loadWorldBankInflation,
  census_cbsa: loadCbsa,
  geonames_zip: loadZipCodes, // after census_cbsa: reads its state FIPS codes
  geonames_cities: loadCities, // after geonames_zip: Connecticut places take their ZIP codes' county
  place_aliases: loadPlaceAliases,
};

const PROJECT_ROOT = resolve(import.meta.dir, "../..");

/** The build's own code and manifest, relative to the project root (relative, so the id is the same on any machine). */
export function builderFiles(): string[] {
  // The build runs the service's own domain and repository code (derived tables, country names): all of it counts,
  // and so do our own labelled headlines the title ranker learns from.
  const code = ["scripts/snapshot/**/*.ts", "src/domain/**/*.ts", "src/snapshot/**/*.ts", "data/headlines/*.csv"]
    .flatMap((g) => [...new Bun.Glob(g).scanSync({ cwd: PROJECT_ROOT })])
    .filter((f) => !f.endsWith(".test.ts"));
  return [...code, "data/sources.json"].sort();
}

async function sha256(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  hasher.update(await Bun.file(path).arrayBuffer());
  return hasher.digest("hex");
}

export interface BuildPlan {
  usable: ResolvedDataset[];
  skipped: ResolvedDataset[];
  snapshotId: string;
  hashes: Map<string, string>;
  /** The hash of the build's code and manifest alone (the title ranker's cache key starts with it). */
  codeHash: string;
}

/** Which datasets the mirror can feed, and the snapshot_id those inputs give. Throws when a required one is incomplete. */
export async function planBuild(mirror: string): Promise<BuildPlan> {
  const resolved = Object.keys(LOADERS).map((id) => {
    const manifest = datasets.find((d) => d.id === id);
    if (!manifest) throw new Error(`data/sources.json has no dataset ${id}`);
    return resolveDataset(mirror, manifest);
  });
  const skipped = resolved.filter((d) => d.missing.length);
  for (const d of skipped)
    console.error(
      `missing from ${mirror}: ${d.missing.join(", ")} (feeds ${d.manifest.id}${d.manifest.required ? ", required" : "; built without it"})`,
    );
  const fatal = skipped.filter((d) => d.manifest.required);
  if (fatal.length)
    throw new Error(
      `required datasets incomplete: ${fatal.map((d) => d.manifest.id).join(", ")}. Point DATA_MIRROR at a mirror holding the files in data/sources.json.`,
    );
  const usable = resolved.filter((d) => !d.missing.length);

  // snapshot_id: hash of every input — the publisher files, and the code and manifest that turn them into
  // tables — so the same inputs give the same id and any change to either gives a new one.
  const hashes = new Map<string, string>();
  for (const d of usable) for (const f of d.files) hashes.set(f.path, await sha256(f.absolute));
  const codeHasher = new Bun.CryptoHasher("sha256");
  codeHasher.update(`schema:${SCHEMA_VERSION}\n`);
  for (const code of builderFiles()) codeHasher.update(`${code}:${await sha256(resolve(PROJECT_ROOT, code))}\n`);
  const codeHash = codeHasher.digest("hex");
  const idHasher = new Bun.CryptoHasher("sha256");
  idHasher.update(`code:${codeHash}\n`);
  for (const path of [...hashes.keys()].sort()) idHasher.update(`${path}:${hashes.get(path)}\n`);
  return { usable, skipped, snapshotId: idHasher.digest("hex").slice(0, 16), hashes, codeHash };
}

/** The snapshot_id of an existing snapshot file, or null when there is none or it is unreadable. */
function existingSnapshotId(path: string): string | null {
  try {
    return readSnapshotInfo(path).snapshotId;
  } catch {
    return null;
  }
}

export async function buildSnapshot(
  mirror: string,
  output: string,
  opts: { ifStale?: boolean; rankerCache?: boolean } = {},
): Promise<{ snapshotId: string; skipped: string[]; built: boolean }> {
  const started = performance.now();
  const { usable, skipped, snapshotId, hashes, codeHash } = await planBuild(mirror);
  if (opts.ifStale && existingSnapshotId(output) === snapshotId) {
    console.log(`snapshot ${snapshotId} at ${output} is up to date`);
    return { snapshotId, skipped: skipped.map((d) => d.manifest.id), built: false };
  }
  const unusable = skipped;

  mkdirSync(dirname(output), { recursive: true });
  const tmp = `${output}.tmp`;
  rmSync(tmp, { force: true });
  const db = new Database(tmp, { create: true });
  db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 4096;");
  db.exec(SNAPSHOT_DDL);
  for (const d of usable) await loadDataset(db, d);
  const derived = writeDerivedTables(
    db,
    opts.rankerCache === false ? undefined : { dir: resolve(PROJECT_ROOT, "build/cache"), codeHash },
  );
  console.log(
    `  derived: ${derived.texts} title texts, ${derived.trigrams} trigram postings, ${derived.labels} lexicon labels (${derived.entries} entries), ${derived.areas} OEWS areas, ${derived.codeMappings} SOC → OEWS code mappings`,
  );
  if (derived.rankerReusedFrom)
    console.log(`  title ranker: fitted on the same inputs by an earlier build, read from ${derived.rankerReusedFrom}`);
  // built_at: when this file was made, not part of its id. A service watching a folder serves the newest build.
  const meta: Record<string, string> = {
    schema_version: String(SCHEMA_VERSION),
    snapshot_id: snapshotId,
    built_at: new Date().toISOString(),
    datasets_skipped: unusable.map((d) => d.manifest.id).join(","),
  };
  const insertMeta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
  for (const [k, v] of Object.entries(meta)) insertMeta.run(k, v);
  const downloads = readDownloadLog(mirror);
  for (const d of usable)
    for (const f of d.files) {
      const sha = hashes.get(f.path)!;
      // Only if this is still the file the download wrote: a file replaced by hand since has no download record.
      const fetched = downloads[f.path]?.sha256 === sha ? downloads[f.path] : undefined;
      db.run(
        "INSERT INTO source_files (dataset_id, path, url, sha256, bytes, downloaded_at, downloaded_from) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
          d.manifest.id,
          f.path,
          f.url,
          sha,
          Bun.file(f.absolute).size,
          fetched?.downloaded_at ?? null,
          fetched?.downloaded_from ?? null,
        ],
      );
    }
  db.exec("ANALYZE; VACUUM;");
  db.close();
  if (existsSync(output)) rmSync(output);
  renameSync(tmp, output);
  console.log(`snapshot ${snapshotId} → ${output} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { snapshotId, skipped: unusable.map((d) => d.manifest.id), built: true };

  async function loadDataset(db: Database, d: ResolvedDataset) {
    const t0 = performance.now();
    const byPath = new Map(d.files.map((f) => [f.path, f.absolute]));
    const ctx: LoadContext = {
      db,
      file: (path) => {
        const abs = byPath.get(path);
        if (!abs) throw new Error(`${d.manifest.id}: ${path} is not listed for this dataset in data/sources.json`);
        return abs;
      },
      glob: (pattern) => d.files.filter((f) => new Bun.Glob(pattern).match(f.path)).map((f) => f.absolute),
      present: (path) => byPath.get(path) ?? null,
    };
    const result = await LOADERS[d.manifest.id as DatasetId](ctx);
    const m = d.manifest;
    db.run(
      `INSERT INTO sources (dataset_id, label, publisher, title, publisher_dataset, url, licence, vintage, period_start, period_end, row_count)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        m.id,
        m.label,
        m.publisher,
        m.title,
        m.publisher_dataset,
        m.url,
        m.licence,
        result.vintage ?? m.vintage ?? null,
        result.periodStart ?? null,
        result.periodEnd ?? null,
        result.rows,
      ],
    );
    console.log(
      `  ${m.id.padEnd(22)} ${String(result.rows).padStart(8)} rows  ${((performance.now() - t0) / 1000).toFixed(1)} s${result.layouts ? `  read: ${result.layouts.join("; ")}` : ""}`,
    );
  }
}

if (import.meta.main) {
  const output = resolve(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite");
  const args = process.argv.slice(2);
  const unknown = args.filter(
    (a, i) =>
      !["--download", "--dataset", "--if-stale"].includes(a) &&
      !a.startsWith("--dataset=") &&
      args[i - 1] !== "--dataset",
  );
  if (unknown.length || (!args.includes("--download") && args.some((a) => a.startsWith("--dataset")))) {
    console.error(
      `usage: npm run data [-- --if-stale] | npm run data -- --download [--dataset ID]…${unknown.length ? ` (unknown: ${unknown.join(" ")})` : " (--dataset goes with --download)"}`,
    );
    process.exit(2);
  }
  if (!args.includes("--download") && !existsSync(defaultMirror())) {
    // No publisher files: keep a snapshot that is already there (a user who placed one), else say the ways forward.
    if (args.includes("--if-stale") && (existingSnapshotId(output) || process.env.SNAPSHOT_DIR)) {
      console.log(
        `no publisher files at ${defaultMirror()} (DATA_MIRROR): serving the snapshot already at ${process.env.SNAPSHOT_DIR ?? output} as it is`,
      );
      process.exit(0);
    }
    console.error(noDataMessage(defaultMirror(), output));
    process.exit(2);
  }
  const run = args.includes("--download")
    ? download(args, output)
    : buildSnapshot(defaultMirror(), output, { ifStale: args.includes("--if-stale") });
  run.catch((err) => {
    console.error(`${args.includes("--download") ? "download" : "snapshot build"} failed: ${err.message}`);
    process.exit(1);
  });
}

/** What a first start without data says: what was looked for, and the three ways to get a snapshot. */
export function noDataMessage(mirror: string, output: string): string {
  return [
    `No snapshot at ${output}, and no publisher files at ${mirror} to build one from.`,
    "Get the data one of three ways, then run the command again:",
    "  1. You have the publisher files: point DATA_MIRROR at their folder (the layout data/sources.json lists).",
    "  2. You have internet: download them from the publishers into DATA_MIRROR and build (a contact is sent in the User-Agent):",
    "       DATA_CONTACT=you@example.com npm run data -- --download",
    "     ESCO's files come through a form on its site: data/sources.json names the page and the files to place by hand.",
    "  3. Air-gapped: copy a snapshot built elsewhere to SNAPSHOT_PATH (default build/snapshot.sqlite) or into SNAPSHOT_DIR,",
    "     or run the single executable, which carries its own.",
    'docs/data.md: "Data" and "Keeping data current".',
  ].join("\n");
}

/** --download [--dataset ID]…: fetch the publishers' files into DATA_MIRROR first (scripts/data/download.ts). */
async function download(args: string[], output: string) {
  const only = args.flatMap((a, i) =>
    a === "--dataset" ? [args[i + 1] ?? ""] : a.startsWith("--dataset=") ? [a.slice(10)] : [],
  );
  if (only.includes("")) throw new Error("--dataset needs a dataset id");
  const { downloadMirror } = await import("../data/download.ts");
  const env = process.env;
  const count = (name: string, fallback: number) => {
    const value = env[name] ? Number(env[name]) : fallback;
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`${name} must be a whole number ≥ 0, not "${env[name]}"`);
    return value;
  };
  const done = await downloadMirror({
    mirror: defaultMirror(),
    output,
    only,
    contact: env.DATA_CONTACT ?? "",
    base: env.DATA_DOWNLOAD_BASE || undefined,
    fetch: { attempts: 1 + count("DATA_DOWNLOAD_RETRIES", 3), backoffMs: count("DATA_DOWNLOAD_BACKOFF_MS", 1000) },
    build: (mirror, out) => buildSnapshot(mirror, out),
  });
  console.log(
    `downloaded ${done.replaced.length} files into ${defaultMirror()}; snapshot ${done.snapshotId} → ${output}`,
  );
  if (done.manual.length)
    console.log(
      `${done.manual.length} files have no official download and were kept as they were (docs/data.md: Keeping data current)`,
    );
}
