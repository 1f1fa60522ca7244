// `npm run data:diff`: the real command, as a process, comparing a copy of the snapshot (OLD) with a copy altered the
// way a newer or broken publisher file would alter it (NEW). Each alteration must be named with its before and after
// values, read here from OLD with SQL; an unaltered copy must show no change; unusable files give exit 2 and one line.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Database } from "bun:sqlite";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runToEnd } from "../../scripts/lib/service-process.ts";
import type { SnapshotDiff } from "../../scripts/data/diff.ts";

setDefaultTimeout(60_000); // three copies of a ~190 MB file

const dir = mkdtempSync(join(tmpdir(), "wf-diff-"));
const OLD = join(dir, "old.sqlite");
const NEW = join(dir, "new.sqlite");
const SAME = join(dir, "same.sqlite");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const diff = (...args: string[]) =>
  runToEnd([process.execPath, resolve(import.meta.dir, "../../scripts/data/diff.ts"), ...args], {});

/** "+50.00%", "-0.18%": a relative change as the report prints it. */
const percent = (old: number, next: number) => `${next >= old ? "+" : ""}${((100 * (next - old)) / old).toFixed(2)}%`;

const NEW_SNAPSHOT_ID = "diff-test-new";
const NEW_VINTAGE = "May 2026 (diff test)";
const NEW_COUNTRY = "XK"; // a minimum wage series OLD lacks (checked below)
const NEW_MINIMUM_WAGE = 612.5;
const BROKEN_SHA256 = "f".repeat(64);

// What was altered, with OLD's values, filled in beforeAll.
let oldSnapshotId: string;
let schemaVersion: string;
let oewsVintage: string;
let occupation: { code: string; title: string; year: number; median: number };
let cpi: {
  seriesId: string;
  rows: number;
  period: string;
  value: number;
  file: string;
  fileSha256: string;
  datasetRows: number;
};
let minimumWage: { geo: string; year: number; semester: number; value: number };

beforeAll(() => {
  copyFileSync(resolve(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite"), OLD);
  copyFileSync(OLD, NEW); // both from OLD: the same file even if build/ is rebuilt meanwhile
  copyFileSync(OLD, SAME);

  const old = new Database(OLD, { readonly: true });
  const one = <T>(sql: string, ...params: (string | number)[]) => old.query(sql).get(...params) as T;
  oldSnapshotId = one<{ value: string }>("SELECT value FROM meta WHERE key = 'snapshot_id'").value;
  schemaVersion = one<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'").value;
  oewsVintage = one<{ vintage: string }>("SELECT vintage FROM sources WHERE dataset_id = 'bls_oews'").vintage;
  // The fifth of the 20 largest occupations, nationally, in the latest OEWS year.
  occupation = one(`SELECT occ_code AS code, occ_title AS title, year, a_median AS median FROM oews_wage
    WHERE area_code = '0000000' AND year = (SELECT max(year) FROM oews_wage WHERE area_code = '0000000') AND o_group IN ('detailed', 'broad')
    ORDER BY tot_emp DESC LIMIT 1 OFFSET 4`);
  const series = one<{ seriesId: string; rows: number; file: string }>(
    "SELECT series_id AS seriesId, count(*) AS rows, min(source_file) AS file FROM cpi_observation GROUP BY series_id ORDER BY series_id LIMIT 1",
  );
  cpi = {
    ...series,
    ...one<{ period: string; value: number }>(
      "SELECT period, value FROM cpi_observation WHERE series_id = ? ORDER BY period DESC LIMIT 1",
      series.seriesId,
    ),
    fileSha256: one<{ sha256: string }>(
      "SELECT sha256 FROM source_files WHERE dataset_id = 'bls_cpi' AND path = ?",
      series.file,
    ).sha256,
    datasetRows: one<{ row_count: number }>("SELECT row_count FROM sources WHERE dataset_id = 'bls_cpi'").row_count,
  };
  // A country whose latest EUR minimum wage is a number (its latest because the semester is the table's latest).
  minimumWage = one(`SELECT geo, year, semester, value FROM minimum_wage WHERE currency = 'EUR' AND value IS NOT NULL
    ORDER BY year DESC, semester DESC, geo LIMIT 1`);
  expect(one<{ n: number }>("SELECT count(*) AS n FROM minimum_wage WHERE geo = ?", NEW_COUNTRY).n).toBe(0);
  old.close();

  const db = new Database(NEW);
  db.run("UPDATE meta SET value = ? WHERE key = 'snapshot_id'", [NEW_SNAPSHOT_ID]);
  db.run("UPDATE sources SET vintage = ? WHERE dataset_id = 'bls_oews'", [NEW_VINTAGE]);
  db.run("UPDATE oews_wage SET a_median = a_median * 1.5 WHERE year = ? AND area_code = '0000000' AND occ_code = ?", [
    occupation.year,
    occupation.code,
  ]);
  // A CPI file that lost a series: its rows, the dataset's row count and the file's hash all change.
  db.run("DELETE FROM cpi_observation WHERE series_id = ?", [cpi.seriesId]);
  db.run("UPDATE sources SET row_count = row_count - ? WHERE dataset_id = 'bls_cpi'", [cpi.rows]);
  db.run("UPDATE source_files SET sha256 = ? WHERE dataset_id = 'bls_cpi' AND path = ?", [BROKEN_SHA256, cpi.file]);
  db.run("INSERT INTO minimum_wage (geo, year, semester, currency, value, flag) VALUES (?, ?, ?, 'EUR', ?, NULL)", [
    NEW_COUNTRY,
    minimumWage.year,
    minimumWage.semester,
    NEW_MINIMUM_WAGE,
  ]);
  db.run("UPDATE minimum_wage SET value = NULL WHERE geo = ? AND currency = 'EUR' AND year = ? AND semester = ?", [
    minimumWage.geo,
    minimumWage.year,
    minimumWage.semester,
  ]);
  db.close();
});

/** The report's lines that start with `prefix` (after the indent for figure lines). */
const linesStarting = (report: string, prefix: string) =>
  report.split("\n").filter((l) => l.trimStart().startsWith(prefix));

describe("OLD against an altered NEW", () => {
  let report: string;
  beforeAll(async () => {
    const result = await diff(OLD, NEW);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    report = result.stdout;
  });

  test("names both snapshots", () => {
    expect(report).toContain(`OLD  snapshot ${oldSnapshotId}  schema ${schemaVersion}`);
    expect(report).toContain(`NEW  snapshot ${NEW_SNAPSHOT_ID}  schema ${schemaVersion}`);
  });

  test("marks the two datasets whose sources changed, and only those", () => {
    const marked = linesStarting(report, "* ").map((l) => l.split(/\s+/)[1]);
    expect(marked).toEqual(["bls_oews", "bls_cpi"]);
    expect(linesStarting(report, "* bls_oews")[0]).toContain(`vintage ${oewsVintage} → ${NEW_VINTAGE}`);
  });

  test("the CPI dataset: its row count before and after with the relative change, and the file whose hash changed", () => {
    const after = cpi.datasetRows - cpi.rows;
    expect(linesStarting(report, "* bls_cpi")[0]).toContain(
      `rows ${cpi.datasetRows} → ${after} (${percent(cpi.datasetRows, after)})`,
    );
    expect(report).toContain(
      `file changed: ${cpi.file}  sha256 ${cpi.fileSha256.slice(0, 12)} → ${BROKEN_SHA256.slice(0, 12)}`,
    );
  });

  test("series: the CPI series removed, the minimum wage country added", () => {
    expect(report).toContain(
      `bls_cpi · CPI series with observations (cpi_observation: series_id)\n    - 1 removed: ${cpi.seriesId}\n`,
    );
    expect(report).toContain(
      `eurostat_min_wage · minimum wage countries (minimum_wage: geo)\n    + 1 added: ${NEW_COUNTRY}\n`,
    );
    expect(report).toContain("Series: 2 of 18 key sets differ");
  });

  test("figures: the scaled median, the vanished and the new series, the figure turned null; nothing else", () => {
    expect(report).toMatch(/^Figures: 4 of \d+ sampled figures changed$/m);
    const scaled = occupation.median * 1.5;
    expect(linesStarting(report, percent(occupation.median, scaled))).toEqual([
      `    +50.00%  OEWS national annual median · ${occupation.code} ${occupation.title}, ${occupation.year}: ${occupation.median} → ${scaled}`,
    ]);
    expect(linesStarting(report, "gone")).toEqual([
      `       gone  BLS CPI, latest index · ${cpi.seriesId}: ${cpi.value} (${cpi.period}) → absent`,
    ]);
    const semester = `${minimumWage.year}-S${minimumWage.semester}`;
    expect(linesStarting(report, "new ")).toEqual([
      `        new  minimum wage, EUR a month, latest · ${NEW_COUNTRY}: absent → ${NEW_MINIMUM_WAGE} (${semester})`,
    ]);
    // Suppressed, not zero.
    expect(linesStarting(report, "to null")).toEqual([
      `    to null  minimum wage, EUR a month, latest · ${minimumWage.geo}, ${semester}: ${minimumWage.value} → null`,
    ]);
  });

  test("--top N keeps the N largest changes, a vanished figure before any number", async () => {
    const { code, stdout } = await diff(OLD, NEW, "--top", "1");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Figures: 4 of \d+ sampled figures changed, largest 1 shown\n +(gone|new|to null) {2}/m);
  });

  test("--json: the same findings as data, null as null", async () => {
    const { code, stdout } = await diff("--json", OLD, NEW);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as SnapshotDiff;
    expect(result.old.snapshotId).toBe(oldSnapshotId);
    expect(result.new.snapshotId).toBe(NEW_SNAPSHOT_ID);
    const cpiDataset = result.datasets.find((d) => d.datasetId === "bls_cpi")!;
    expect(cpiDataset).toMatchObject({
      change: "changed",
      old: { rowCount: cpi.datasetRows },
      new: { rowCount: cpi.datasetRows - cpi.rows },
    });
    expect(cpiDataset.files).toEqual([
      { path: cpi.file, change: "changed", oldSha256: cpi.fileSha256, newSha256: BROKEN_SHA256 },
    ]);
    expect(result.series.find((s) => s.table === "cpi_observation")!.removed).toEqual({
      count: 1,
      first: [cpi.seriesId],
    });
    expect(result.figures.changed).toBe(4);
    const median = result.figures.largest.find((f) => f.figure === "OEWS national annual median")!;
    expect(median).toMatchObject({
      key: `${occupation.code} ${occupation.title}`,
      old: { value: occupation.median },
      new: { value: occupation.median * 1.5 },
    });
    expect(median.relativeChange).toBeCloseTo(0.5, 12);
    expect(result.figures.largest.find((f) => f.key === minimumWage.geo)).toMatchObject({
      old: { value: minimumWage.value },
      new: { value: null },
      relativeChange: null,
    });
  });
});

test("an unaltered copy: no dataset, series or figure changes", async () => {
  const { code, stdout, stderr } = await diff(OLD, SAME);
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  expect(stdout).toContain("(same snapshot_id)");
  expect(stdout).toMatch(/^Datasets: \d+, none changed$/m);
  expect(stdout).toContain("Series: none added or removed in 18 key sets");
  expect(stdout).toMatch(/^Figures: none of \d+ sampled figures changed$/m);
  expect(stdout.split("\n").filter((l) => /^\s*[+*-] /.test(l))).toEqual([]);
});

describe("unusable input: exit 2, one line naming the file, no stack trace", () => {
  const expectRefused = async (args: string[], path: string, reason: string) => {
    const { code, stdout, stderr } = await diff(...args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toEqual([`data:diff: ${path} ${reason}`]);
  };

  test("a missing file", () =>
    expectRefused([join(dir, "missing.sqlite"), NEW], join(dir, "missing.sqlite"), "does not exist"));

  test("a text file", async () => {
    const text = join(dir, "notes.txt");
    writeFileSync(text, "not a database\n");
    await expectRefused([OLD, text], text, "is not a readable snapshot (file is not a database)");
  });

  test("an SQLite database without the snapshot's meta table", async () => {
    const empty = join(dir, "empty.sqlite");
    const db = new Database(empty, { create: true });
    db.run("CREATE TABLE other (x INTEGER)");
    db.close();
    await expectRefused([OLD, empty], empty, "is not a snapshot (no meta table)");
  });
});
