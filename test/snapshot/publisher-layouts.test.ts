// The publishers' own layouts of files a mirror may hold as derived copies (issue 35): BLS's tab-delimited cu.area
// and cu.item, the World Bank's bulk PPP CSV, O*NET's 2010→2019 crosswalk, and no all-items CSV at all. The test
// writes them from the mirror's copies in the publishers' layouts, builds a snapshot from a mirror holding only those
// (an overlay: the shared mirror is only read), and finds the same tables as in the snapshot built from the copies.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Database } from "bun:sqlite";
import Papa from "papaparse";
import countries from "i18n-iso-countries";
import { overlayMirror } from "../../scripts/data/overlay.ts";
import { runToEnd } from "../../scripts/lib/service-process.ts";

const shared = resolve(process.env.DATA_MIRROR ?? "../shared/data");
const work = resolve(`build/test/layouts-${process.pid}`);
const snapshotPath = join(work, "snapshot.sqlite");
const rowsOf = (path: string, delimiter = ",") =>
  Papa.parse<Record<string, string>>(readFileSync(join(shared, path), "utf8").replace(/^\uFEFF/, ""), { header: true, delimiter, skipEmptyLines: true }).data;

/** The files as their publishers serve them, made from the mirror's derived copies. */
function publisherLayouts(): Map<string, string> {
  const files = new Map<string, string>();
  const write = (path: string, text: string) => {
    const file = join(work, "files", path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, text);
    files.set(path, file);
  };
  // BLS time.series code lists: tab-delimited, CRLF, with display columns the build does not read.
  for (const list of ["area", "item"]) {
    const rows = rowsOf(`bls-cpi/cu.${list}.csv`);
    write(`bls-cpi/cu.${list}`, [`${list}_code\t${list}_name\tdisplay_level\tselectable\tsort_sequence`, ...rows.map((r, i) => `${r.code}\t${r.name}\t0\tT\t${i + 1}`)].join("\r\n") + "\r\n");
  }
  // The World Bank's bulk CSV: a preamble, then one row per country (ISO3) and one column per year.
  const long = rowsOf("worldbank/ppp-gdp.csv");
  const years = [...new Set(long.map((r) => Number(r.Year)))].sort((a, b) => a - b);
  const first = Math.min(1960, years[0]), last = Math.max(...years);
  const allYears = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const byCountry = new Map<string, Map<number, string>>();
  for (const r of long) {
    // The Bank's own code for Kosovo is XKX (ISO has none; the library says XKK).
    const iso3 = r["Country ID"] === "XK" ? "XKX" : countries.alpha2ToAlpha3(r["Country ID"]) ?? r["Country ID"];
    if (!byCountry.has(iso3)) byCountry.set(iso3, new Map());
    byCountry.get(iso3)!.set(Number(r.Year), r.PPP);
  }
  const q = (s: string) => `"${s}"`;
  write("worldbank/API_PA.NUS.PPP_DS2_en_csv_v2.csv", [
    `${q("Data Source")},${q("World Development Indicators")},`, "", `${q("Last Updated Date")},${q("2025-07-01")},`, "",
    [...["Country Name", "Country Code", "Indicator Name", "Indicator Code"], ...allYears.map(String)].map(q).join(",") + ",",
    ...[...byCountry].map(([iso3, values]) => [q(iso3), q(iso3), q("PPP conversion factor, GDP (LCU per international $)"), q("PA.NUS.PPP"), ...allYears.map((y) => q(values.get(y) ?? ""))].join(",") + ","),
  ].join("\n") + "\n");
  // O*NET's crosswalk with its own headers, comma-separated.
  const xwalk = rowsOf("isco/onet_soc_2010_to_2019_crosswalk.csv", ";");
  write("isco/2010_to_2019_Crosswalk.csv", Papa.unparse(xwalk.map((r) => ({
    "O*NET-SOC 2010 Code": r.soc2010_code, "O*NET-SOC 2010 Title": r.soc2010_title, "O*NET-SOC 2019 Code": r.soc2019_code, "O*NET-SOC 2019 Title": r.soc2019_title,
  }))) + "\n");
  return files;
}

let log = "";
beforeAll(async () => {
  const hidden = new Set(["bls-cpi/cu.area.csv", "bls-cpi/cu.item.csv", "bls-cpi/cpiai.csv", "worldbank/ppp-gdp.csv", "isco/onet_soc_2010_to_2019_crosswalk.csv"]);
  const mirror = overlayMirror(shared, join(work, "mirror"), publisherLayouts(), hidden);
  const r = await runToEnd([process.execPath, "scripts/snapshot/build.ts"], { DATA_MIRROR: mirror, SNAPSHOT_PATH: snapshotPath });
  if (r.code !== 0) throw new Error(`build from publisher layouts failed: ${r.stderr}`);
  log = r.stdout;
}, 240_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const query = (path: string, sql: string) => {
  const db = new Database(path, { readonly: true });
  try { return db.query(sql).all(); } finally { db.close(); }
};
const both = (sql: string) => [query(snapshotPath, sql), query(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", sql)];

test("the build says which layout it read", () => {
  for (const layout of ["cu.area (BLS, tab-delimited)", "cu.item (BLS, tab-delimited)", "PA.NUS.PPP (World Bank bulk CSV)", "2010_to_2019_Crosswalk.csv (O*NET)"]) expect(log).toContain(layout);
});

test("BLS's code lists give the same CPI areas and items as the derived copies", () => {
  for (const table of ["cpi_area", "cpi_item"]) {
    const [fromPublisher, fromCopies] = both(`SELECT code, name FROM ${table} ORDER BY code`);
    expect(fromPublisher.length).toBeGreaterThan(50);
    expect(fromPublisher).toEqual(fromCopies);
  }
});

test("the World Bank's bulk PPP file gives the same PPP conversion factors as the long copy", () => {
  const [fromPublisher, fromCopies] = both("SELECT iso3, year, value FROM wb_indicator WHERE indicator = 'PA.NUS.PPP' ORDER BY iso3, year");
  expect(fromPublisher.length).toBeGreaterThan(1_000);
  expect(fromPublisher).toEqual(fromCopies);
});

test("O*NET's crosswalk file gives the same 2010 → 2019 bridge as the renamed copy", () => {
  const [fromPublisher, fromCopies] = both("SELECT soc2010_code, soc2019_code FROM onet_soc_2010_2019 ORDER BY 1, 2");
  expect(fromPublisher.length).toBeGreaterThan(900);
  expect(fromPublisher).toEqual(fromCopies);
});

test("without the all-items CSV, CPI-U all items comes from BLS's flat file: the same index on every month it has", () => {
  const sql = "SELECT period, value FROM cpi_observation WHERE series_id = 'CUUR0000SA0' ORDER BY period";
  const [fromPublisher, fromCopies] = both(sql) as { period: string; value: number }[][];
  const copies = new Map(fromCopies.map((r) => [r.period, r.value]));
  expect(fromPublisher.length).toBeGreaterThan(1_300); // 1913 onwards
  for (const r of fromPublisher) expect(copies.get(r.period)).toBe(r.value);
});
