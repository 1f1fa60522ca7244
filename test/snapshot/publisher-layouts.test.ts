// The publishers' own layouts of files a mirror may hold as derived copies (issue 35): BLS's tab-delimited cu.area
// and cu.item, the World Bank's bulk PPP CSV, O*NET's 2010→2019 crosswalk, and no all-items CSV at all. The test
// writes them from the mirror's copies in the publishers' layouts, builds a snapshot from a mirror holding only those
// (an overlay: the shared mirror is only read), and finds the same tables as in the snapshot built from the copies.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Database } from "bun:sqlite";
import { overlayMirror } from "../../scripts/data/overlay.ts";
import { blsCodeList, onetCrosswalk, worldBankPppBulk } from "../support/publisher-layouts.ts";
import { runToEnd } from "../../scripts/lib/service-process.ts";

const shared = resolve(process.env.DATA_MIRROR ?? "../shared/data");
const work = resolve(`build/test/layouts-${process.pid}`);
const snapshotPath = join(work, "snapshot.sqlite");

/** The files as their publishers serve them, made from the mirror's derived copies. */
function publisherLayouts(): Map<string, string> {
  const files = new Map<string, string>();
  const write = (path: string, text: string) => {
    const file = join(work, "files", path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, text);
    files.set(path, file);
  };
  write("bls-cpi/cu.area", blsCodeList("area"));
  write("bls-cpi/cu.item", blsCodeList("item"));
  write("worldbank/API_PA.NUS.PPP_DS2_en_csv_v2.csv", worldBankPppBulk());
  write("isco/2010_to_2019_Crosswalk.csv", onetCrosswalk());
  return files;
}

let log = "";
beforeAll(async () => {
  const hidden = new Set([
    "bls-cpi/cu.area.csv",
    "bls-cpi/cu.item.csv",
    "bls-cpi/cpiai.csv",
    "worldbank/ppp-gdp.csv",
    "isco/onet_soc_2010_to_2019_crosswalk.csv",
  ]);
  const mirror = overlayMirror(shared, join(work, "mirror"), publisherLayouts(), hidden);
  const r = await runToEnd([process.execPath, "scripts/snapshot/build.ts"], {
    DATA_MIRROR: mirror,
    SNAPSHOT_PATH: snapshotPath,
  });
  if (r.code !== 0) throw new Error(`build from publisher layouts failed: ${r.stderr}`);
  log = r.stdout;
}, 240_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const query = (path: string, sql: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.query(sql).all();
  } finally {
    db.close();
  }
};
const both = (sql: string) => [
  query(snapshotPath, sql),
  query(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", sql),
];

test("the build says which layout it read", () => {
  for (const layout of [
    "cu.area (BLS, tab-delimited)",
    "cu.item (BLS, tab-delimited)",
    "PA.NUS.PPP (World Bank bulk CSV)",
    "2010_to_2019_Crosswalk.csv (O*NET)",
  ])
    expect(log).toContain(layout);
});

test("BLS's code lists give the same CPI areas and items as the derived copies", () => {
  for (const table of ["cpi_area", "cpi_item"]) {
    const [fromPublisher, fromCopies] = both(`SELECT code, name FROM ${table} ORDER BY code`);
    expect(fromPublisher.length).toBeGreaterThan(50);
    expect(fromPublisher).toEqual(fromCopies);
  }
});

test("the World Bank's bulk PPP file gives the same PPP conversion factors as the long copy", () => {
  const [fromPublisher, fromCopies] = both(
    "SELECT iso3, year, value FROM wb_indicator WHERE indicator = 'PA.NUS.PPP' ORDER BY iso3, year",
  );
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
