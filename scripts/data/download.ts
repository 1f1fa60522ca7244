// `npm run data -- --download [--dataset ID]`: fetch the publisher files data/sources.json names from their
// official addresses into DATA_MIRROR, then build the snapshot. Nothing is replaced until everything asked for has
// arrived, passed its checks and built into a snapshot: new files are staged beside the mirror, the build reads the
// mirror with them laid over it (overlay.ts), and only then are they renamed into place. A failure leaves the
// mirror and build/snapshot.sqlite as they were.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gunzipSync, unzipSync } from "fflate";
import * as XLSX from "@e965/xlsx";
import Papa from "papaparse";
import { datasets, type DatasetManifest, type ManifestFile } from "../snapshot/manifest.ts";
import { decodeJsonStat, headerRowIndex, readTable, workbookGrids } from "../snapshot/tabular.ts";
import { DOWNLOAD_LOG, readDownloadLog, type DownloadLog } from "../snapshot/download-log.ts";
import { DownloadError, fetchToFile, type FetchOptions } from "./fetch.ts";
import { overlayMirror } from "./overlay.ts";
import { baseName } from "../snapshot/context.ts";
import pkg from "../../package.json";

export interface DownloadOptions {
  mirror: string;
  /** Where the snapshot goes once built (build/snapshot.sqlite). */
  output: string;
  /** Limit to these dataset ids; all when empty. */
  only: string[];
  /** DATA_CONTACT: an e-mail address or URL publishers can reach the operator at. */
  contact: string;
  /** DATA_DOWNLOAD_BASE: "http://127.0.0.1:8123" fetches https://www.bls.gov/x as http://127.0.0.1:8123/www.bls.gov/x. */
  base?: string;
  fetch?: Partial<FetchOptions>;
  /**
   * Builds a snapshot from a mirror (the snapshot build's buildSnapshot, passed in by its command line, so the
   * download does not import the build that imports it).
   */
  build: (mirror: string, output: string) => Promise<{ snapshotId: string }>;
}

/** One file to put in the mirror, and how to get it out of what its URL serves. */
export interface DownloadJob {
  datasetId: string;
  path: string;
  file: ManifestFile;
  url: string;
}

/** What will be fetched, and the files that cannot be (kept as they are, with the reason). */
export function planDownload(
  mirror: string,
  only: string[],
): { jobs: DownloadJob[]; manual: { path: string; reason: string }[] } {
  const unknown = only.filter((id) => !datasets.some((d) => d.id === id));
  if (unknown.length)
    throw new Error(
      `unknown dataset ${unknown.join(", ")}; data/sources.json has ${datasets.map((d) => d.id).join(", ")}`,
    );
  const chosen: DatasetManifest[] = only.length ? datasets.filter((d) => only.includes(d.id)) : datasets;
  const jobs: DownloadJob[] = [];
  const manual: { path: string; reason: string }[] = [];
  for (const d of chosen)
    for (const file of d.files) {
      if (file.package || file.project) continue; // npm packages (package-lock.json) and this project's own tables
      if (file.download === false) {
        manual.push({ path: file.path ?? file.glob!, reason: file.manual ?? "no official download" });
      } else if (file.glob) {
        // A glob names no files by itself: the ones the manifest names, and any others the mirror has.
        const listed = (file.names ?? []).map((name) => join(dirname(file.glob!), name));
        const names = [
          ...new Set([...listed, ...new Bun.Glob(file.glob).scanSync({ cwd: mirror, followSymlinks: true })]),
        ].sort();
        if (!names.length)
          manual.push({ path: file.glob, reason: "no file in the mirror matches it, so there is no name to download" });
        for (const path of names)
          jobs.push({ datasetId: d.id, path, file, url: file.url.replace("{name}", baseName(path)) });
      } else {
        jobs.push({ datasetId: d.id, path: file.path!, file, url: file.url });
      }
    }
  return { jobs, manual };
}

/** https://host/path?q → base/host/path?q, so one local server can stand in for every publisher (tests, proxies). */
export function downloadAddress(url: string, base?: string): string {
  if (!base) return url;
  const u = new URL(url);
  return `${base.replace(/\/+$/, "")}/${u.host}${u.pathname}${u.search}`;
}

/** The inverse of downloadAddress: what a fetched address stands for, so the record names the publisher, not the proxy. */
export function publisherAddress(address: string, base?: string): string {
  const prefix = base?.replace(/\/+$/, "");
  return prefix && address.startsWith(`${prefix}/`) ? `https://${address.slice(prefix.length + 1)}` : address;
}

export async function downloadMirror(
  opts: DownloadOptions,
): Promise<{ replaced: string[]; manual: { path: string; reason: string }[]; snapshotId: string }> {
  if (!/\S+@\S+|^https?:\/\//.test(opts.contact)) {
    throw new Error(
      "set DATA_CONTACT to an e-mail address (or URL) publishers can reach you at: BLS refuses downloads without a contact in the User-Agent",
    );
  }
  const mirror = resolve(opts.mirror);
  const { jobs, manual } = planDownload(mirror, opts.only);
  for (const m of manual) console.log(`  kept as is: ${m.path} (${m.reason})`);
  const staging = join(mirror, ".download-staging");
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const fetchOptions: FetchOptions = {
    userAgent: `workforce-api/${pkg.version} (data download; contact: ${opts.contact})`,
    attempts: 4,
    backoffMs: 1000,
    log: (line) => console.log(line),
    progress: Boolean(process.stderr.isTTY),
    ...opts.fetch,
  };
  try {
    // One fetch per URL: a zip bundle feeds several mirror files.
    const byUrl = Map.groupBy(jobs, (j) => j.url);
    const staged = new Map<string, string>();
    const log: DownloadLog = readDownloadLog(mirror);
    let n = 0;
    for (const [url, group] of byUrl) {
      const address = downloadAddress(url, opts.base);
      console.log(`[${++n}/${byUrl.size}] ${url}${address !== url ? ` (via ${address})` : ""}`);
      const raw = join(staging, "fetched", String(n));
      mkdirSync(dirname(raw), { recursive: true });
      const { finalUrl } = await fetchToFile(url, address, raw, fetchOptions);
      const body = maybeGunzip(new Uint8Array(readFileSync(raw)));
      for (const job of group) {
        const file = join(staging, "files", job.path);
        const bytes = mirrorFileOf(body, job);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, bytes);
        await checkFile(file, job, join(mirror, job.path));
        staged.set(job.path, file);
        log[job.path] = {
          downloaded_at: new Date().toISOString(),
          downloaded_from: publisherAddress(finalUrl, opts.base),
          url,
          bytes: bytes.byteLength,
          sha256: sha256(bytes),
        };
        console.log(`  ${job.path}  ${bytes.byteLength} bytes`);
      }
      rmSync(raw);
    }
    const logFile = join(staging, "files", DOWNLOAD_LOG);
    writeFileSync(logFile, JSON.stringify(log, null, 2) + "\n");
    staged.set(DOWNLOAD_LOG, logFile);

    // The last check: the real build over the mirror with the new files in it.
    const overlay = overlayMirror(mirror, join(staging, "overlay"), staged);
    const built = `${opts.output}.download`;
    const { snapshotId } = await opts.build(overlay, built);
    replaceFiles(mirror, staged, join(staging, "previous"));
    renameSync(built, opts.output);
    return { replaced: [...staged.keys()].filter((p) => p !== DOWNLOAD_LOG), manual, snapshotId };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    for (const leftover of [`${opts.output}.download`, `${opts.output}.download.tmp`])
      rmSync(leftover, { force: true });
  }
}

/** Rename the staged files into the mirror; if one rename fails, put back every file already replaced. */
function replaceFiles(mirror: string, staged: ReadonlyMap<string, string>, previous: string): void {
  const done: { path: string; kept: string | null }[] = [];
  try {
    for (const [path, file] of staged) {
      const target = join(mirror, path);
      mkdirSync(dirname(target), { recursive: true });
      let kept: string | null = null;
      if (existsSync(target)) {
        kept = join(previous, path);
        mkdirSync(dirname(kept), { recursive: true });
        renameSync(target, kept);
      }
      done.push({ path, kept });
      renameSync(file, target);
    }
  } catch (err) {
    for (const { path, kept } of done.reverse()) {
      rmSync(join(mirror, path), { force: true });
      if (kept) renameSync(kept, join(mirror, path));
    }
    throw err;
  }
}

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

/** Eurostat's compressed downloads (and some servers' files) are gzip; the mirror holds them unpacked. */
function maybeGunzip(bytes: Uint8Array): Uint8Array {
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The bytes the mirror keeps: the zip member named, or the body itself; a workbook converted to CSV when asked. */
function mirrorFileOf(body: Uint8Array, job: DownloadJob): Uint8Array {
  let bytes = body;
  if (job.file.member) {
    if (!isZip(body))
      throw new DownloadError(job.url, null, `is not a zip archive, so it has no member ${job.file.member}`);
    const wanted = new Bun.Glob(job.file.member);
    const found = unzipSync(body, { filter: (entry) => wanted.match(entry.name.split("/").pop()!) });
    const names = Object.keys(found);
    if (names.length !== 1) {
      throw new DownloadError(
        job.url,
        null,
        names.length
          ? `has ${names.length} members matching ${job.file.member}: ${names.join(", ")}`
          : `has no member ${job.file.member}`,
      );
    }
    bytes = found[names[0]];
  } else if (isZip(body) && !job.file.convert && !/\.(xlsx|zip)$/i.test(job.path)) {
    // a workbook is a zip too
    throw new DownloadError(
      job.url,
      null,
      `is a zip archive; data/sources.json names no member to take from it for ${job.path}`,
    );
  }
  if (job.file.convert === "xlsx-csv") bytes = new TextEncoder().encode(workbookToCsv(bytes, job));
  return bytes;
}

/** The sheet holding the expected columns, from its header row down, as CSV. */
function workbookToCsv(bytes: Uint8Array, job: DownloadJob): string {
  const book = XLSX.read(bytes, { type: "array", cellDates: false });
  for (const name of book.SheetNames) {
    const grid = XLSX.utils.sheet_to_json<(string | number | null)[]>(book.Sheets[name], {
      header: 1,
      raw: true,
      defval: null,
      blankrows: false,
    });
    const header = headerRowIndex(grid, job.file.columns ?? []);
    if (header >= 0) return Papa.unparse(grid.slice(header), { newline: "\n" }) + "\n";
  }
  throw new DownloadError(job.url, null, `has no sheet with the columns ${(job.file.columns ?? []).join(", ")}`);
}

/** Before a file may replace the old one: its expected columns (or JSON-stat content), and a plausible size. */
async function checkFile(file: string, job: DownloadJob, previous: string): Promise<void> {
  const size = statSync(file).size;
  const fail = (reason: string) => {
    throw new DownloadError(job.url, null, `${job.path}: ${reason}; the mirror's file is kept`);
  };
  if (size < 100) fail(`only ${size} bytes`);
  // A release a fraction of the size of the one it replaces is far more likely cut short or an error page than news.
  if (existsSync(previous) && size < statSync(previous).size / 2)
    fail(`${size} bytes, less than half the ${statSync(previous).size} of the file it would replace`);
  try {
    if (job.file.json_stat) {
      if (!decodeJsonStat(JSON.parse(readFileSync(file, "utf8"))).observations.length)
        fail("JSON-stat without observations");
    } else if (job.file.columns) {
      await readTable(file, { required: job.file.columns });
    } else if (/\.xlsx?$/i.test(job.path)) {
      if (!(await workbookGrids(file)).some((g) => g.length > 1)) fail("a workbook without rows");
    }
  } catch (err) {
    if (err instanceof DownloadError) throw err;
    fail((err as Error).message.replace(`${file}: `, ""));
  }
}

if (import.meta.main) {
  console.error("run it as `npm run data -- --download [--dataset ID]`");
  process.exit(2);
}
