// `npm run data:diff -- OLD.sqlite NEW.sqlite [--top N] [--json]`: what serving NEW instead of OLD changes, for an
// operator to review before the swap, so a broken publisher file is spotted before it reaches users. It reports the
// datasets (vintage, period, rows, changed input files), the series that appear or vanish, and the largest relative
// changes among a sample of figures the API serves. It judges nothing: exit 0 once printed, 2 for unusable input.
import { Database, type SQLQueryBindings } from "bun:sqlite";
import { readSnapshotInfo } from "../../src/snapshot/check.ts";

export interface SnapshotIdentity {
  snapshotId: string;
  schemaVersion: string | null;
}
export interface DatasetState {
  label: string;
  vintage: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  rowCount: number;
}
export interface FileChange {
  path: string;
  change: "added" | "removed" | "changed";
  oldSha256: string | null;
  newSha256: string | null;
}
export interface DatasetDiff {
  datasetId: string;
  change: "added" | "removed" | "changed" | "unchanged";
  old: DatasetState | null;
  new: DatasetState | null;
  /** (new − old) ÷ old row count; null unless both have rows. */
  rowCountChange: number | null;
  files: FileChange[];
}
export interface KeyList {
  count: number;
  first: string[];
}
export interface SeriesDiff {
  dataset: string;
  label: string;
  table: string;
  key: string[];
  /** Why the key sets were not compared (a snapshot lacks the table or a column), else null. */
  unavailable: string | null;
  added: KeyList;
  removed: KeyList;
}
/** One figure in one snapshot: value null is a publisher-suppressed (or unpublished) cell, never 0. */
export interface Observed {
  period: string;
  value: number | null;
}
export interface FigureChange {
  figure: string;
  key: string;
  /** null: the snapshot has no such figure. */
  old: Observed | null;
  new: Observed | null;
  /** (new − old) ÷ |old|; null when either side is absent or null, or old is 0. */
  relativeChange: number | null;
}
export interface SnapshotDiff {
  old: SnapshotIdentity;
  new: SnapshotIdentity;
  datasets: DatasetDiff[];
  series: SeriesDiff[];
  figures: { sampled: number; changed: number; largest: FigureChange[] };
  /** What could not be compared, and how figures were paired where the snapshots differ in coverage. */
  notes: string[];
}

// "Series": the keys that identify what an API user can ask for, per served table. A key present in one snapshot
// only is a series that appeared or vanished. `where` narrows a shared table to one dataset's rows; `latest`
// compares only the rows of the table's newest value of that column (each snapshot's own).
interface SeriesKeySpec {
  dataset: string;
  label: string;
  table: string;
  key: string[];
  where?: string;
  latest?: string;
}
const SERIES_KEYS: SeriesKeySpec[] = [
  { dataset: "bls_oews", label: "OEWS areas by year", table: "oews_wage", key: ["year", "area_code"] },
  {
    dataset: "bls_oews",
    label: "OEWS occupations in the latest year",
    table: "oews_wage",
    key: ["occ_code"],
    latest: "year",
  },
  { dataset: "onet_30_0", label: "O*NET occupations", table: "onet_occupation", key: ["soc_code"] },
  { dataset: "soc_2018", label: "SOC 2018 codes", table: "soc_2018", key: ["code"] },
  { dataset: "isco_08", label: "ISCO-08 codes", table: "isco_08", key: ["code"] },
  { dataset: "esco_occupations", label: "ESCO occupations", table: "esco_occupation", key: ["uri"] },
  { dataset: "eurostat_ses_2022", label: "SES 2022 countries", table: "ses_hourly", key: ["geo"] },
  { dataset: "eurostat_ses_monthly", label: "SES monthly earnings countries", table: "ses_monthly", key: ["geo"] },
  { dataset: "eurostat_gpg", label: "gender pay gap countries", table: "gender_pay_gap", key: ["geo"] },
  { dataset: "eurostat_min_wage", label: "minimum wage countries", table: "minimum_wage", key: ["geo"] },
  { dataset: "eurostat_hicp", label: "HICP series", table: "hicp", key: ["geo", "coicop"] },
  { dataset: "bls_cpi", label: "CPI series with observations", table: "cpi_observation", key: ["series_id"] },
  { dataset: "bls_ap", label: "average price series", table: "ap_price", key: ["series_id"] },
  { dataset: "bea_rpp", label: "RPP tables and areas", table: "rpp", key: ["table_name", "geo_fips"] },
  {
    dataset: "worldbank_ppp",
    label: "PPP countries and indicators",
    table: "wb_indicator",
    key: ["iso3", "indicator"],
    where: "indicator IN ('PA.NUS.PPP', 'PA.NUS.PPPC.RF')",
  },
  {
    dataset: "worldbank_inflation",
    label: "annual inflation countries",
    table: "wb_indicator",
    key: ["iso3"],
    where: "indicator = 'FP.CPI.TOTL.ZG'",
  },
  {
    dataset: "worldbank_inflation",
    label: "monthly CPI series",
    table: "wb_cpi_monthly",
    key: ["iso3", "series", "data_source"],
  },
  { dataset: "census_cbsa", label: "CBSAs", table: "cbsa_county", key: ["cbsa_code"] },
];

// Sampled figures: the latest value of each series, as the API serves it. `period` is an SQL expression whose
// maximum is the latest observation.
interface LatestFigureSpec {
  figure: string;
  table: string;
  key: string[];
  period: string;
  where?: string;
}
const LATEST_FIGURES: LatestFigureSpec[] = [
  { figure: "BLS CPI, latest index", table: "cpi_observation", key: ["series_id"], period: "period" },
  { figure: "Eurostat HICP, latest index", table: "hicp", key: ["geo", "coicop"], period: "period" },
  {
    figure: "World Bank CPI, latest index",
    table: "wb_cpi_monthly",
    key: ["iso3", "series", "data_source"],
    period: "period",
  },
  {
    figure: "minimum wage, EUR a month, latest",
    table: "minimum_wage",
    key: ["geo"],
    period: "year || '-S' || semester",
    where: "currency = 'EUR'",
  },
  {
    figure: "World Bank PPP, latest",
    table: "wb_indicator",
    key: ["iso3", "indicator"],
    period: "year",
    where: "indicator IN ('PA.NUS.PPP', 'PA.NUS.PPPC.RF')",
  },
];

const OEWS_FIGURE = "OEWS national annual median";
const OEWS_NATIONAL = "0000000";
const LARGEST_OCCUPATIONS = 20;
const FIRST_KEYS = 10;
export const DEFAULT_TOP = 15;

type Role = "OLD" | "NEW";
interface Snapshot {
  role: Role;
  db: Database;
}

/** A table or column a snapshot lacks: the comparison that needs it is skipped and noted, not fatal. */
class Unavailable extends Error {}

function rows<T>(s: Snapshot, sql: string, ...params: SQLQueryBindings[]): T[] {
  let statement;
  try {
    statement = s.db.query<T, SQLQueryBindings[]>(sql);
  } catch (err) {
    const message = (err as Error).message;
    if (/^no such (table|column)/.test(message)) throw new Unavailable(`${s.role} has ${message}`);
    throw err;
  }
  return statement.all(...params);
}

const metaValue = (s: Snapshot, key: string) =>
  rows<{ value: string }>(s, "SELECT value FROM meta WHERE key = ?", key)[0]?.value ?? null;

function identity(s: Snapshot): SnapshotIdentity {
  return { snapshotId: metaValue(s, "snapshot_id") ?? "", schemaVersion: metaValue(s, "schema_version") };
}

export function diffSnapshots(oldDb: Database, newDb: Database, options: { top?: number } = {}): SnapshotDiff {
  const old: Snapshot = { role: "OLD", db: oldDb };
  const next: Snapshot = { role: "NEW", db: newDb };
  const notes: string[] = [];
  const datasets = compareDatasets(old, next, notes);
  const series = SERIES_KEYS.map((spec) => compareSeriesKeys(old, next, spec));
  const figures = compareFigures(old, next, notes);
  const changed = figures.filter(isChanged).sort(byMagnitude);
  return {
    old: identity(old),
    new: identity(next),
    datasets,
    series,
    figures: {
      sampled: figures.length,
      changed: changed.length,
      largest: changed.slice(0, options.top ?? DEFAULT_TOP),
    },
    notes,
  };
}

/** Runs `compare`; a table or column missing from either snapshot becomes a note and `fallback`. */
function unlessUnavailable<T>(notes: string[], what: string, fallback: T, compare: () => T): T {
  try {
    return compare();
  } catch (err) {
    if (!(err instanceof Unavailable)) throw err;
    notes.push(`${what}: not compared, ${err.message}`);
    return fallback;
  }
}

// ---- datasets and their files

interface SourceRow {
  dataset_id: string;
  label: string;
  vintage: string | null;
  period_start: string | null;
  period_end: string | null;
  row_count: number;
}
interface SourceFileRow {
  dataset_id: string;
  path: string;
  sha256: string;
}

function readSources(s: Snapshot): Map<string, DatasetState> {
  const sources = rows<SourceRow>(
    s,
    "SELECT dataset_id, label, vintage, period_start, period_end, row_count FROM sources ORDER BY rowid",
  );
  return new Map(
    sources.map((r) => [
      r.dataset_id,
      {
        label: r.label,
        vintage: r.vintage,
        periodStart: r.period_start,
        periodEnd: r.period_end,
        rowCount: r.row_count,
      },
    ]),
  );
}

/** dataset_id → path → sha256. Names its columns: later builds may add more (downloaded_at…). */
function readSourceFiles(s: Snapshot): Map<string, Map<string, string>> {
  const files = new Map<string, Map<string, string>>();
  for (const f of rows<SourceFileRow>(
    s,
    "SELECT dataset_id, path, sha256 FROM source_files ORDER BY dataset_id, path",
  )) {
    if (!files.has(f.dataset_id)) files.set(f.dataset_id, new Map());
    files.get(f.dataset_id)!.set(f.path, f.sha256);
  }
  return files;
}

function compareDatasets(old: Snapshot, next: Snapshot, notes: string[]): DatasetDiff[] {
  return unlessUnavailable(notes, "datasets", [], () => {
    const [oldSources, newSources] = [readSources(old), readSources(next)];
    const [oldFiles, newFiles] = [readSourceFiles(old), readSourceFiles(next)];
    // NEW's order, then datasets only OLD has.
    const ids = [...new Set([...newSources.keys(), ...oldSources.keys()])];
    return ids.map((id) =>
      compareDataset(
        id,
        oldSources.get(id) ?? null,
        newSources.get(id) ?? null,
        compareFiles(oldFiles.get(id) ?? new Map(), newFiles.get(id) ?? new Map()),
      ),
    );
  });
}

function compareDataset(
  datasetId: string,
  old: DatasetState | null,
  next: DatasetState | null,
  files: FileChange[],
): DatasetDiff {
  const rowCountChange = old && next && old.rowCount ? (next.rowCount - old.rowCount) / old.rowCount : null;
  const same =
    old &&
    next &&
    old.vintage === next.vintage &&
    old.periodStart === next.periodStart &&
    old.periodEnd === next.periodEnd &&
    old.rowCount === next.rowCount &&
    files.length === 0;
  const change = !old ? "added" : !next ? "removed" : same ? "unchanged" : "changed";
  return { datasetId, change, old, new: next, rowCountChange, files };
}

function compareFiles(old: Map<string, string>, next: Map<string, string>): FileChange[] {
  const paths = [...new Set([...old.keys(), ...next.keys()])].sort();
  return paths.flatMap((path): FileChange[] => {
    const [oldSha256, newSha256] = [old.get(path) ?? null, next.get(path) ?? null];
    if (oldSha256 === newSha256) return [];
    return [{ path, change: !oldSha256 ? "added" : !newSha256 ? "removed" : "changed", oldSha256, newSha256 }];
  });
}

// ---- series that appear or vanish

function seriesKeys(s: Snapshot, spec: SeriesKeySpec): Set<string> {
  const conditions = [
    spec.where,
    spec.latest && `${spec.latest} = (SELECT max(${spec.latest}) FROM ${spec.table})`,
  ].filter(Boolean);
  const sql = `SELECT DISTINCT ${spec.key.join(", ")} FROM ${spec.table}${conditions.length ? ` WHERE ${conditions.join(" AND ")}` : ""}`;
  return new Set(rows<Record<string, unknown>>(s, sql).map((r) => spec.key.map((k) => r[k]).join(" ")));
}

function compareSeriesKeys(old: Snapshot, next: Snapshot, spec: SeriesKeySpec): SeriesDiff {
  const base = { dataset: spec.dataset, label: spec.label, table: spec.table, key: spec.key };
  try {
    const [oldKeys, newKeys] = [seriesKeys(old, spec), seriesKeys(next, spec)];
    return { ...base, unavailable: null, added: keyList(newKeys, oldKeys), removed: keyList(oldKeys, newKeys) };
  } catch (err) {
    if (!(err instanceof Unavailable)) throw err;
    return { ...base, unavailable: err.message, added: NO_KEYS, removed: NO_KEYS };
  }
}

const NO_KEYS: KeyList = { count: 0, first: [] };

/** The keys of `these` missing from `those`: how many, and the first few in order. */
function keyList(these: Set<string>, those: Set<string>): KeyList {
  const only = [...these].filter((k) => !those.has(k)).sort();
  return { count: only.length, first: only.slice(0, FIRST_KEYS) };
}

// ---- sampled figures

type Figures = Map<string, Observed>;

function compareFigures(old: Snapshot, next: Snapshot, notes: string[]): FigureChange[] {
  const families = [
    { figure: OEWS_FIGURE, read: () => oewsMedians(old, next, notes) },
    ...LATEST_FIGURES.map((spec) => ({
      figure: spec.figure,
      read: () => ({ old: latestFigures(old, spec), new: latestFigures(next, spec) }),
    })),
  ];
  return families.flatMap(({ figure, read }) =>
    unlessUnavailable(notes, figure, [], () => pairFigures(figure, read())),
  );
}

function pairFigures(figure: string, sides: { old: Figures; new: Figures }): FigureChange[] {
  const keys = [...new Set([...sides.new.keys(), ...sides.old.keys()])];
  return keys.map((key) => {
    const [old, next] = [sides.old.get(key) ?? null, sides.new.get(key) ?? null];
    return { figure, key, old, new: next, relativeChange: relativeChange(old?.value ?? null, next?.value ?? null) };
  });
}

function relativeChange(old: number | null, next: number | null): number | null {
  return old === null || next === null || old === 0 ? null : (next - old) / Math.abs(old);
}

function latestFigures(s: Snapshot, spec: LatestFigureSpec): Figures {
  // SQLite takes a bare column (value) from the row holding the group's max(): each series' latest observation.
  const sql = `SELECT ${spec.key.join(", ")}, max(${spec.period}) AS period, value FROM ${spec.table}${spec.where ? ` WHERE ${spec.where}` : ""} GROUP BY ${spec.key.join(", ")}`;
  return new Map(
    rows<Record<string, unknown> & Observed>(s, sql).map((r) => [
      spec.key.map((k) => r[k]).join(" "),
      { period: String(r.period), value: r.value },
    ]),
  );
}

/**
 * The national annual median of NEW's largest occupations by employment in its latest year, and the same
 * occupations in OLD that year (or in OLD's latest year when it lacks NEW's, and a note says so).
 */
function oewsMedians(old: Snapshot, next: Snapshot, notes: string[]): { old: Figures; new: Figures } {
  const newYear = latestOewsYear(next);
  if (newYear === null) {
    notes.push(`${OEWS_FIGURE}: NEW has no national rows`);
    return { old: new Map(), new: new Map() };
  }
  const largest = rows<{ occ_code: string; occ_title: string }>(
    next,
    // Occupations, not the all-occupations total or its major and minor groups.
    `SELECT occ_code, occ_title FROM oews_wage WHERE year = ? AND area_code = ? AND o_group IN ('detailed', 'broad')
     ORDER BY tot_emp DESC, occ_code LIMIT ?`,
    newYear,
    OEWS_NATIONAL,
    LARGEST_OCCUPATIONS,
  );
  const hasYear =
    rows(old, "SELECT 1 FROM oews_wage WHERE year = ? AND area_code = ? LIMIT 1", newYear, OEWS_NATIONAL).length > 0;
  const oldYear = hasYear ? newYear : latestOewsYear(old);
  if (oldYear === null) notes.push(`${OEWS_FIGURE}: OLD has no national rows`);
  else if (oldYear !== newYear)
    notes.push(`${OEWS_FIGURE}: OLD has no ${newYear}, so its medians are from ${oldYear}, its latest year`);
  const medians = (s: Snapshot, year: number | null): Figures => {
    const byCode = new Map(
      year === null
        ? []
        : rows<{ occ_code: string; a_median: number | null }>(
            s,
            `SELECT occ_code, a_median FROM oews_wage WHERE year = ? AND area_code = ? AND occ_code IN (${largest.map(() => "?").join(", ")})`,
            year,
            OEWS_NATIONAL,
            ...largest.map((o) => o.occ_code),
          ).map((r) => [r.occ_code, r.a_median]),
    );
    return new Map(
      largest
        .filter((o) => byCode.has(o.occ_code))
        .map((o) => [`${o.occ_code} ${o.occ_title}`, { period: String(year), value: byCode.get(o.occ_code) ?? null }]),
    );
  };
  return { old: medians(old, oldYear), new: medians(next, newYear) };
}

function latestOewsYear(s: Snapshot): number | null {
  return (
    rows<{ year: number | null }>(s, "SELECT max(year) AS year FROM oews_wage WHERE area_code = ?", OEWS_NATIONAL)[0]
      ?.year ?? null
  );
}

const isChanged = (f: FigureChange) => (f.old === null) !== (f.new === null) || f.old?.value !== f.new?.value;

/** Largest |relative change| first; a figure that appears, vanishes or turns null (or back) outranks any number. */
function byMagnitude(a: FigureChange, b: FigureChange): number {
  const magnitude = (f: FigureChange) => (f.relativeChange === null ? Infinity : Math.abs(f.relativeChange));
  return magnitude(b) - magnitude(a) || a.figure.localeCompare(b.figure) || a.key.localeCompare(b.key);
}

// ---- the terminal report

const MARK = { added: "+", removed: "-", changed: "*", unchanged: " " } as const;
const show = (v: string | number | null) => (v === null ? "null" : String(v));

function percent(change: number): string {
  return `${change >= 0 ? "+" : ""}${(change * 100).toFixed(2)}%`;
}

export function formatDiff(diff: SnapshotDiff): string {
  return [
    ...formatIdentities(diff),
    "",
    ...formatDatasets(diff.datasets),
    "",
    ...formatSeries(diff.series),
    "",
    ...formatFigures(diff.figures),
    ...(diff.notes.length ? ["", "Notes", ...diff.notes.map((n) => `  ${n}`)] : []),
  ].join("\n");
}

function formatIdentities(diff: SnapshotDiff): string[] {
  const line = (role: Role, id: SnapshotIdentity) =>
    `  ${role}  snapshot ${id.snapshotId}  schema ${show(id.schemaVersion)}`;
  const remarks = [
    diff.old.snapshotId === diff.new.snapshotId && "  (same snapshot_id)",
    diff.old.schemaVersion !== diff.new.schemaVersion &&
      `  (schema version changes: ${show(diff.old.schemaVersion)} → ${show(diff.new.schemaVersion)})`,
  ];
  return ["Snapshots", line("OLD", diff.old), line("NEW", diff.new), ...remarks.filter((r): r is string => !!r)];
}

function formatDatasets(datasets: DatasetDiff[]): string[] {
  const changed = datasets.filter((d) => d.change !== "unchanged").length;
  const header = `Datasets: ${datasets.length}, ${changed ? `${changed} changed (+ added, - removed, * changed)` : "none changed"}`;
  return [header, ...datasets.flatMap(formatDataset)];
}

function formatDataset(d: DatasetDiff): string[] {
  const vintage = (s: DatasetState) => s.vintage ?? "none";
  const period = (s: DatasetState) =>
    s.periodStart || s.periodEnd ? `${show(s.periodStart)} – ${show(s.periodEnd)}` : "none";
  const rowCount = (s: DatasetState) => String(s.rowCount);
  // "old → new" where both snapshots have the dataset and differ; else the one value (an added dataset's new one).
  const field = (of: (s: DatasetState) => string) => {
    const [old, next] = [d.old && of(d.old), d.new && of(d.new)];
    return old !== null && next !== null && old !== next ? `${old} → ${next}` : (next ?? old)!;
  };
  const rowCounts = field(rowCount) + (d.rowCountChange ? ` (${percent(d.rowCountChange)})` : "");
  const head = `${MARK[d.change]} ${d.datasetId.padEnd(22)} ${d.change === "added" || d.change === "removed" ? `${d.change}, ` : ""}rows ${rowCounts}`;
  // Vintages run long (ESCO's lists seven): they go last, after the row counts' column.
  return [
    `${head.padEnd(60)}  vintage ${field(vintage)}, period ${field(period)}`,
    ...d.files.map((f) => `      file ${f.change}: ${f.path}  sha256 ${short(f.oldSha256)} → ${short(f.newSha256)}`),
  ];
}

const short = (sha256: string | null) => (sha256 ? sha256.slice(0, 12) : "absent");

function formatSeries(series: SeriesDiff[]): string[] {
  const differing = series.filter((s) => s.unavailable || s.added.count || s.removed.count);
  const header = `Series: ${differing.length ? `${differing.length} of ${series.length} key sets differ` : `none added or removed in ${series.length} key sets`}`;
  return [
    header,
    ...differing.flatMap((s) => {
      const name = `  ${s.dataset} · ${s.label} (${s.table}: ${s.key.join(", ")})`;
      if (s.unavailable) return [`${name}: not compared, ${s.unavailable}`];
      const list = (sign: string, verb: string, keys: KeyList) =>
        keys.count
          ? [
              `    ${sign} ${keys.count} ${verb}: ${keys.first.join(", ")}${keys.count > keys.first.length ? ", …" : ""}`,
            ]
          : [];
      return [name, ...list("+", "added", s.added), ...list("-", "removed", s.removed)];
    }),
  ];
}

function formatFigures(figures: SnapshotDiff["figures"]): string[] {
  if (!figures.changed) return [`Figures: none of ${figures.sampled} sampled figures changed`];
  const shown = figures.largest.length < figures.changed ? `, largest ${figures.largest.length} shown` : "";
  return [
    `Figures: ${figures.changed} of ${figures.sampled} sampled figures changed${shown}`,
    ...figures.largest.map(formatFigure),
  ];
}

function formatFigure(f: FigureChange): string {
  const magnitude =
    f.relativeChange !== null
      ? percent(f.relativeChange)
      : !f.old
        ? "new"
        : !f.new
          ? "gone"
          : f.new.value === null
            ? "to null"
            : f.old.value === null
              ? "from null"
              : "from 0";
  const value = (o: Observed | null) => (o ? show(o.value) : "absent");
  // One period when both sides have the same one; each side's own when they differ (a newer month, OLD's latest year).
  const samePeriod = f.old && f.new && f.old.period === f.new.period;
  const values = samePeriod
    ? `${f.key}, ${f.new!.period}: ${value(f.old)} → ${value(f.new)}`
    : `${f.key}: ${value(f.old)}${f.old ? ` (${f.old.period})` : ""} → ${value(f.new)}${f.new ? ` (${f.new.period})` : ""}`;
  return `  ${magnitude.padStart(9)}  ${f.figure} · ${values}`;
}

// ---- command line

const USAGE = "usage: npm run data:diff -- OLD.sqlite NEW.sqlite [--top N] [--json]";

/** Input the diff cannot use: one line for the operator, exit 2. */
class UnusableInput extends Error {}

interface Args {
  oldPath: string;
  newPath: string;
  top: number;
  json: boolean;
}

function parseArgs(argv: string[]): Args {
  const paths: string[] = [];
  let top = DEFAULT_TOP;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--json") json = true;
    else if (argv[i] === "--top") {
      top = Number(argv[++i]);
      if (!Number.isInteger(top) || top < 1)
        throw new UnusableInput(`--top takes a whole number of 1 or more. ${USAGE}`);
    } else if (argv[i].startsWith("--")) throw new UnusableInput(`unknown option ${argv[i]}. ${USAGE}`);
    else paths.push(argv[i]);
  }
  if (paths.length !== 2) throw new UnusableInput(USAGE);
  return { oldPath: paths[0], newPath: paths[1], top, json };
}

/** Opens a snapshot read-only, or says in one line (the service's own check of a snapshot file) why it is not one. */
export function openForDiff(path: string): Database {
  try {
    readSnapshotInfo(path);
  } catch (err) {
    throw new UnusableInput((err as Error).message);
  }
  return new Database(path, { readonly: true });
}

function main(argv: string[]): number {
  const opened: Database[] = [];
  try {
    const args = parseArgs(argv);
    opened.push(openForDiff(args.oldPath), openForDiff(args.newPath));
    const diff = diffSnapshots(opened[0], opened[1], { top: args.top });
    console.log(args.json ? JSON.stringify(diff, null, 2) : formatDiff(diff));
    return 0;
  } catch (err) {
    // A file that opened but fails mid-read (truncated, corrupt pages) is unusable input too: one line, no trace.
    console.error(`data:diff: ${(err as Error).message}`);
    return 2;
  } finally {
    for (const db of opened) db.close();
  }
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
